import type { Kysely, Transaction } from 'kysely'

import { MEMORY_PICTURES_MAX, SOUVENIRS_PER_DAY } from '@shared/constants'
import type {
  DraftCopy,
  ImportedPhoto,
  MemoryDraft,
  PhotoImport,
  PhotoPlace,
  SaveMemoryDraftBody,
  SaveMemoryDraftResult,
  UnplacedPhoto,
} from '@shared/photoImport'
import { PHOTO_IMPORT_TEXTS } from '@shared/photoImport'

import { lockTravellers } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import type { BlobStore } from '../../lib/blobStore'
import { now, nowIso } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'
import { newId } from '../../lib/random'
import type { Catalogue, CataloguePlace } from '../catalogue/catalogueCache'
import { createCopies } from '../copies/service'
import { readImportedPhoto } from '../travel/photoPlaces'

import * as queries from './photoImport.queries'
import { deletePictureFiles, processPhoto, signedPicture, storePictureFiles } from './pictures'
import { pendingPictureRow, type PendingPictureQuota, withinQuota } from './pictureUploads'
import * as uploads from './pictureUploads.queries'
import { createMemory } from './writing'

/**
 * Memories from photos (docs/product.md#memories-from-photos): each imported photo is stored as a memory picture and
 * placed, by where and when it was taken, into a visit (a draft: one place, consecutive days); a draft is saved as a
 * memory on the traveller's rarest free copy of the place, or on a Souvenir copy the visit earns.
 */

/** One souvenir per place and visit day: the unique key of user_cards that decides between racing saves. */
const SOUVENIR_OF_DAY = { table: 'user_cards', columns: ['user_id', 'card_id', 'souvenir_day'] }

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

function todayStart(): string {
  return `${now().toISOString().slice(0, 10)}T00:00:00.000Z`
}

function photoPlaceOf(catalogue: Catalogue, place: CataloguePlace): PhotoPlace {
  const collection = catalogue.collections.find((c) => c.collectionId === place.collectionId)
  return {
    cardSetId: place.cardSetId,
    name: place.name,
    kind: place.kind,
    collectionName: collection?.collectionName ?? '',
    cardId: place.commonCardId,
  }
}

function placeById(catalogue: Catalogue, cardSetId: string | null): CataloguePlace | null {
  return cardSetId ? (catalogue.placesById.get(cardSetId) ?? null) : null
}

/**
 * Stores an imported photo (JPEG, PNG, WebP or HEIC) within the photo flow's quota of waiting photos, reads where
 * and when it was taken, and puts it in its visit: the draft of its place holding a photo of the day before, the same
 * day or the day after; visits the photo joins become one. A photo without a believable date or a place waits to be
 * placed by the traveller. The position is used to find the place and dropped; only the place is kept.
 */
export async function importPhoto(
  db: Kysely<Database>,
  catalogue: Catalogue,
  blobs: BlobStore,
  signer: PictureSigner,
  userId: string,
  file: Buffer,
  quota: PendingPictureQuota,
): Promise<ImportedPhoto> {
  if (!withinQuota(await uploads.sumPendingPictures(db, userId, true), file.length, quota))
    throw new AppError(
      'RuleViolation',
      PHOTO_IMPORT_TEXTS.waitingFull(quota.maxCount, Math.round(quota.maxBytes / (1024 * 1024))),
    )
  const [picture, reading] = await Promise.all([processPhoto(file), readImportedPhoto(catalogue, file)])
  await storePictureFiles(blobs, picture)
  const placeId = reading.place?.cardSetId ?? null
  let draftId: string | null | undefined
  try {
    draftId = await inTransaction(db, async (trx) => {
      await uploads.lockUploader(trx, userId)
      if (!withinQuota(await uploads.sumPendingPictures(trx, userId, true), picture.data.length, quota))
        return undefined
      const visit = placeId && reading.takenOn ? await visitFor(trx, userId, placeId, reading.takenOn) : null
      await uploads.insertPicture(trx, {
        ...pendingPictureRow(userId, picture, {
          cardSetId: placeId,
          verdict: placeId ? 'inside' : 'noLocation',
          takenOn: reading.takenOn,
        }),
        draft_id: visit,
        imported: 1,
      })
      return visit
    })
  } catch (error) {
    await deletePictureFiles(blobs, picture.fileName).catch(() => undefined)
    throw error
  }
  if (draftId === undefined) {
    await deletePictureFiles(blobs, picture.fileName).catch(() => undefined)
    throw new AppError(
      'RuleViolation',
      PHOTO_IMPORT_TEXTS.waitingFull(quota.maxCount, Math.round(quota.maxBytes / (1024 * 1024))),
    )
  }
  const place = placeById(catalogue, placeId)
  return {
    ...signedPicture(signer, userId, picture),
    takenOn: reading.takenOn,
    place: place ? photoPlaceOf(catalogue, place) : null,
    draftId,
  }
}

/**
 * The draft a photo of `place` taken on `day` belongs to: the one visit it continues, or the visits it joins merged
 * into the oldest, or a new one. Runs under the uploader's lock, so parallel uploads of one trip group the same way
 * whatever order they arrive in.
 */
async function visitFor(trx: Transaction<Database>, userId: string, placeId: string, day: string): Promise<string> {
  const adjacent = await queries.listDraftsAdjacentTo(trx, userId, placeId, {
    before: shiftDay(day, -1),
    after: shiftDay(day, 1),
  })
  if (adjacent.length === 0) {
    const id = newId()
    await queries.insertDraft(trx, { id, userId, cardSetId: placeId, createdAt: nowIso() })
    return id
  }
  const drafts = await queries.listDrafts(trx, userId)
  const [keep, ...others] = drafts.filter((draft) => adjacent.includes(draft.id)).map((draft) => draft.id)
  if (!keep) throw new Error('an adjacent draft vanished under the uploader lock')
  await queries.mergeDrafts(trx, userId, keep, others)
  return keep
}

type PhotoRow = Awaited<ReturnType<typeof queries.listImportedPhotos>>[number]

function importedPhotoOf(catalogue: Catalogue, signer: PictureSigner, userId: string, row: PhotoRow): ImportedPhoto {
  const place = placeById(catalogue, row.placeId)
  return {
    ...signedPicture(signer, userId, row),
    takenOn: row.takenOn,
    place: place ? photoPlaceOf(catalogue, place) : null,
    draftId: row.draftId,
  }
}

/** Days between two plain dates, absolute. */
function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000
}

/** The visit an unplaced photo most likely belongs to: nearest in time, else the first visit of its place. */
function suggestedDraft(photo: PhotoRow, drafts: readonly MemoryDraft[]): string | null {
  if (photo.takenOn) {
    const { takenOn } = photo
    let best: { id: string; distance: number } | null = null
    for (const draft of drafts) {
      if (!draft.startDate || !draft.endDate) continue
      const distance =
        takenOn < draft.startDate
          ? daysApart(takenOn, draft.startDate)
          : takenOn > draft.endDate
            ? daysApart(takenOn, draft.endDate)
            : 0
      if (!best || distance < best.distance) best = { id: draft.draftId, distance }
    }
    return best?.id ?? null
  }
  if (photo.placeId) return drafts.find((draft) => draft.place.cardSetId === photo.placeId)?.draftId ?? null
  return null
}

interface SouvenirStanding {
  leftToday: number
  /** `${cardId} ${day}` of every souvenir the traveller holds. */
  earned: Set<string>
}

/** Why a draft cannot be saved as it is, or null; and whether saving it earns a souvenir. */
function saveOutlook(
  draft: { place: CataloguePlace; photos: readonly PhotoRow[]; copy: DraftCopy | null; startDate: string | null },
  souvenirs: SouvenirStanding,
): { blocked: string | null; souvenir: boolean } {
  const { place, photos, copy, startDate } = draft
  if (photos.length === 0) return { blocked: PHOTO_IMPORT_TEXTS.noPhotos, souvenir: false }
  if (photos.length > MEMORY_PICTURES_MAX)
    return { blocked: PHOTO_IMPORT_TEXTS.tooManyPhotos(photos.length), souvenir: false }
  if (!startDate) return { blocked: PHOTO_IMPORT_TEXTS.noDates, souvenir: false }
  if (copy) return { blocked: null, souvenir: false }
  if (!photos.some((photo) => takenIn(photo, place.cardSetId)))
    return { blocked: PHOTO_IMPORT_TEXTS.noCopyNotVerified(place.name), souvenir: false }
  if (souvenirs.earned.has(`${place.commonCardId} ${startDate}`))
    return { blocked: PHOTO_IMPORT_TEXTS.souvenirAlreadyEarned(place.name), souvenir: false }
  if (souvenirs.leftToday <= 0) return { blocked: PHOTO_IMPORT_TEXTS.souvenirCapReached, souvenir: false }
  return { blocked: null, souvenir: true }
}

function takenIn(photo: Pick<PhotoRow, 'placeId' | 'verdict'>, cardSetId: string): boolean {
  return photo.placeId === cardSetId && photo.verdict === 'inside'
}

function datesOf(photos: readonly Pick<PhotoRow, 'takenOn'>[]): { startDate: string | null; endDate: string | null } {
  const days = photos.flatMap((photo) => (photo.takenOn ? [photo.takenOn] : [])).sort()
  return { startDate: days[0] ?? null, endDate: days.at(-1) ?? null }
}

async function souvenirStanding(db: Kysely<Database> | Transaction<Database>, userId: string, cardIds: string[]) {
  const [today, days] = await Promise.all([
    queries.countSouvenirsSince(db, userId, todayStart()),
    queries.listSouvenirDays(db, userId, cardIds),
  ])
  return {
    leftToday: Math.max(0, SOUVENIRS_PER_DAY - today),
    earned: new Set(days.map((row) => `${row.cardId} ${row.day}`)),
  }
}

/** The traveller's visits found in their photos, each with what saving it would do, and the photos left to place. */
export async function getPhotoImport(
  db: Kysely<Database>,
  catalogue: Catalogue,
  signer: PictureSigner,
  userId: string,
): Promise<PhotoImport> {
  const [draftRows, photos] = await Promise.all([
    queries.listDrafts(db, userId),
    queries.listImportedPhotos(db, userId),
  ])
  const placeIds = draftRows.map((draft) => draft.cardSetId)
  const places = draftRows.map((draft) => placeById(catalogue, draft.cardSetId))
  const [freeCopies, souvenirs] = await Promise.all([
    queries.listFreeCopiesOfPlaces(db, userId, placeIds),
    souvenirStanding(
      db,
      userId,
      places.flatMap((place) => (place ? [place.commonCardId] : [])),
    ),
  ])
  const visits = draftRows.flatMap((row, index) => {
    const place = places[index]
    if (!place) return []
    const draftPhotos = photos.filter((photo) => photo.draftId === row.id)
    return [{ row, place, draftPhotos, dates: datesOf(draftPhotos) }]
  })
  visits.sort(
    (a, b) =>
      (a.dates.startDate ?? '9999').localeCompare(b.dates.startDate ?? '9999') ||
      a.row.createdAt.localeCompare(b.row.createdAt),
  )
  // What saving each visit would do is told as if they were saved in the order shown: a free copy holds one visit's
  // memory and a souvenir counts against the day's cap, so two visits are never both promised the same one.
  const unclaimedCopies = [...freeCopies]
  const souvenirsLeftBefore = souvenirs.leftToday
  const drafts: MemoryDraft[] = visits.map(({ row, place, draftPhotos, dates }) => {
    const claimed = unclaimedCopies.findIndex((copy) => copy.cardSetId === row.cardSetId)
    const [best] = claimed >= 0 ? unclaimedCopies.splice(claimed, 1) : []
    const copy = best ? { userCardId: best.userCardId, cardId: best.cardId, cardRarity: best.rarity } : null
    const outlook = saveOutlook({ place, photos: draftPhotos, copy, startDate: dates.startDate }, souvenirs)
    if (outlook.souvenir) {
      souvenirs.leftToday -= 1
      souvenirs.earned.add(`${place.commonCardId} ${dates.startDate}`)
    }
    return {
      draftId: row.id,
      place: photoPlaceOf(catalogue, place),
      ...dates,
      photos: draftPhotos.map((photo) => importedPhotoOf(catalogue, signer, userId, photo)),
      photosTakenThere: draftPhotos.filter((photo) => takenIn(photo, row.cardSetId)).length,
      copy,
      ...outlook,
      createdAt: row.createdAt,
    }
  })
  const unplaced: UnplacedPhoto[] = photos
    .filter((photo) => photo.draftId === null)
    .map((photo) => ({
      ...importedPhotoOf(catalogue, signer, userId, photo),
      suggestedDraftId: suggestedDraft(photo, drafts),
    }))
  return { drafts, unplaced, souvenirsLeftToday: souvenirsLeftBefore }
}

/**
 * Saves a visit as a memory, all or nothing: on the traveller's rarest free copy of the place, or, when they have none
 * and a photo verifies the visit, on a new Souvenir copy of the place's Common card (within the day's cap, one per
 * place and visit day). The traveller's row is taken first, so two tabs saving one visit, or parallel saves against
 * the cap, take turns: the second finds the draft gone or the cap reached. The memory is written by createMemory, so
 * its rules (tags, dates, visibility, verification by the pictures) are the memory form's.
 */
export async function saveMemoryDraft(
  trx: Transaction<Database>,
  catalogue: Catalogue,
  userId: string,
  body: SaveMemoryDraftBody,
): Promise<SaveMemoryDraftResult> {
  await lockTravellers(trx, [userId, ...body.taggedFriends])
  await uploads.lockUploader(trx, userId)
  const draft = await queries.findDraft(trx, userId, body.draftId)
  if (!draft) throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.draftNotFound)
  const place = placeById(catalogue, draft.cardSetId)
  if (!place) throw new AppError('NotFound', 'Place not found.')
  const photos = (await queries.listDraftPhotoNames(trx, draft.id)).map((photo) => ({ ...photo, draftId: draft.id }))
  const [free] = await queries.listFreeCopiesOfPlaces(trx, userId, [place.cardSetId])
  const copy = free ? { userCardId: free.userCardId, cardId: free.cardId, cardRarity: free.rarity } : null
  const { startDate, endDate } = datesOf(photos)
  const souvenirs = await souvenirStanding(trx, userId, [place.commonCardId])
  const outlook = saveOutlook({ place, photos: photos as PhotoRow[], copy, startDate }, souvenirs)
  if (outlook.blocked || !startDate || !endDate)
    throw new AppError('RuleViolation', outlook.blocked ?? PHOTO_IMPORT_TEXTS.noDates)

  let userCardId = copy?.userCardId
  if (!userCardId) {
    userCardId = newId()
    const souvenir = { id: userCardId, souvenirDay: startDate }
    await refusing(
      () =>
        createCopies(trx, [
          {
            id: souvenir.id,
            userId,
            cardId: place.commonCardId,
            acquisition: 'souvenir',
            transactionId: draft.id,
            createdAt: nowIso(),
            souvenirDay: souvenir.souvenirDay,
          },
        ]),
      [
        {
          when: 'unique',
          key: SOUVENIR_OF_DAY,
          refusal: new AppError('RuleViolation', PHOTO_IMPORT_TEXTS.souvenirAlreadyEarned(place.name)),
        },
      ],
    )
  }
  const { memoryId } = await createMemory(trx, userId, {
    userCardId,
    memoryStartDate: startDate,
    memoryEndDate: endDate,
    memoryContent: body.memoryContent,
    memoryPictures: photos.map((photo) => photo.fileName),
    taggedFriends: body.taggedFriends,
    visibility: body.visibility,
  })
  await queries.releaseDraftPhotos(trx, draft.id)
  await queries.deleteDraft(trx, userId, draft.id)
  return { memoryId, userCardId, souvenir: !copy }
}
