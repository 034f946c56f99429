import type { Kysely, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'
import type {
  AvailableCardSets,
  CardSet,
  CreateMemoryBody,
  CreateMemoryResult,
  UpdateMemoryBody,
  UpdateVisibilityBody,
} from '@shared/memories'
import { TEXTS } from '@shared/texts'

import { lockTravellers } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { lockOwnedCopy } from '../copies/service'
import { notificationLinks, notify } from '../notifications/service'
import { recordVerifiedVisit } from '../travel/service'

import { findOwnedCopy, findOwnMemory, findUsername, MEMORY_OF_COPY } from './queries'
import * as queries from './writing.queries'

/** Writing a memory: creating and updating it, its visibility, and the copies it can be written on. */

const DATE_ORDER = 'The end date cannot be before the start date.'
const ONLY_FRIENDS = 'You can only tag your friends.'
const UNKNOWN_PICTURE = 'A picture was not found among your uploads. Please upload it again.'

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Dates are plain calendar dates; a journey may last one day (end = start) but not end before it starts. */
function checkDates(start: string, end: string): void {
  if (!isRealDate(start)) throw new AppError('BadRequest', 'The start date is not a valid date.')
  if (!isRealDate(end)) throw new AppError('BadRequest', 'The end date is not a valid date.')
  if (end < start) throw new AppError('BadRequest', DATE_ORDER)
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)]
}

export async function updateVisibility(
  db: Kysely<Database>,
  userId: string,
  body: UpdateVisibilityBody,
): Promise<null> {
  const updated = await queries.updateVisibility(db, userId, body.memoryId, body.visibility, nowIso())
  if (!updated) throw new AppError('NotFound', TEXTS.memoryNotFound)
  return null
}

export async function getAvailableCardSets(db: Kysely<Database>, userId: string): Promise<AvailableCardSets> {
  const rows = await queries.listFreeCopiesByCard(db, userId)
  const sets = new Map<string, CardSet>()
  const collections = new Map<string, string>()
  for (const row of rows) {
    collections.set(row.collectionId, row.collectionName)
    let set = sets.get(row.cardSetId)
    if (!set) {
      set = { cardSetId: row.cardSetId, cardSetName: row.cardSetName, collectionId: row.collectionId, cards: [] }
      sets.set(row.cardSetId, set)
    }
    set.cards.push({
      cardId: row.cardId,
      cardName: row.cardSetName,
      cardRarity: row.rarity,
      collectionId: row.collectionId,
      image: row.cardId,
      freeCopies: row.freeCopies,
    })
  }
  return {
    cardSetList: [...sets.values()],
    cardCollections: [...collections].map(([collectionId, collectionName]) => ({ collectionId, collectionName })),
  }
}

/**
 * Before the friendships of a new tag are read, the accounts of the author and of each friend tagged are taken, as a
 * block of any such pair takes them: a block written meanwhile has ended the friendship (and the tags) by then, so no
 * tag lands beside it (docs/security.md#blocking). First in the transaction, as an account row always is.
 */
async function lockTagging(trx: Transaction<Database>, userId: string, taggedIds: string[]): Promise<void> {
  if (taggedIds.length > 0) await lockTravellers(trx, [userId, ...taggedIds])
}

async function checkTaggable(trx: Transaction<Database>, userId: string, taggedIds: string[]): Promise<void> {
  if (taggedIds.includes(userId)) throw new AppError('BadRequest', ONLY_FRIENDS)
  if ((await queries.countFriendsAmong(trx, userId, taggedIds)) !== taggedIds.length)
    throw new AppError('BadRequest', ONLY_FRIENDS)
}

/** Attaches the caller's own uploads in the given order; a picture already on this memory only moves. */
async function attachPictures(
  trx: Transaction<Database>,
  userId: string,
  memoryId: string,
  fileNames: string[],
): Promise<void> {
  for (const [position, fileName] of fileNames.entries()) {
    if (!(await queries.attachPicture(trx, userId, memoryId, fileName, position)))
      throw new AppError('BadRequest', UNKNOWN_PICTURE)
  }
}

/**
 * A picture newly put on the memory, taken inside its place by the check made at its upload, verifies the author's
 * visit (docs/product.md#verified-visits); the earliest such picture's date is the one kept. Only new pictures count,
 * so a verification the author removed does not come back with the next edit of the memory.
 */
async function verifyVisit(
  trx: Transaction<Database>,
  userId: string,
  memory: { id: string; cardSetId: string },
  newPictures: readonly string[],
): Promise<void> {
  if (newPictures.length === 0) return
  const [earliest] = await queries.listPicturesTakenIn(trx, memory.id, memory.cardSetId, newPictures)
  if (!earliest) return
  await recordVerifiedVisit(trx, {
    userId,
    cardSetId: memory.cardSetId,
    memoryId: memory.id,
    takenOn: earliest.takenOn,
  })
}

/** A private memory is the author's alone: its tagged friends are not told of a memory they cannot open. */
async function notifyTagged(
  trx: Transaction<Database>,
  authorId: string,
  memory: { id: string; cardName: string; visibility: number },
  taggedIds: string[],
): Promise<void> {
  if (taggedIds.length === 0 || memory.visibility === VISIBILITY.Private) return
  const { username } = await findUsername(trx, authorId)
  for (const taggedId of taggedIds) {
    await notify(
      trx,
      taggedId,
      'You were tagged in a memory',
      `${username} tagged you in their memory of ${memory.cardName}.`,
      notificationLinks.memory(memory.id),
      authorId,
    )
  }
}

/**
 * One memory per copy: the unique key on memories.user_card_id decides, so two concurrent creations on one copy
 * cannot both succeed. The copy is taken first, so a gift of it either moved it already (not found) or waits.
 * Tagged users must be the author's friends; pictures must be the author's unattached uploads.
 */
export async function createMemory(
  trx: Transaction<Database>,
  userId: string,
  body: CreateMemoryBody,
): Promise<CreateMemoryResult> {
  const taggedIds = unique(body.taggedFriends)
  await lockTagging(trx, userId, taggedIds)
  if (!(await lockOwnedCopy(trx, userId, body.userCardId))) throw new AppError('NotFound', TEXTS.userCardNotFound)
  const copy = await findOwnedCopy(trx, userId, body.userCardId)
  if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
  checkDates(body.memoryStartDate, body.memoryEndDate)
  await checkTaggable(trx, userId, taggedIds)
  const memoryId = newId()
  const createdAt = nowIso()
  await refusing(
    () =>
      queries.insertMemory(trx, {
        id: memoryId,
        user_id: userId,
        user_card_id: body.userCardId,
        start_date: body.memoryStartDate,
        end_date: body.memoryEndDate,
        content: body.memoryContent,
        visibility: body.visibility,
        created_at: createdAt,
        updated_at: createdAt,
      }),
    [
      {
        when: 'unique',
        key: MEMORY_OF_COPY,
        refusal: new AppError('Conflict', TEXTS.memoryAlreadyExists(copy.cardName)),
      },
    ],
  )
  await queries.insertTags(trx, memoryId, taggedIds)
  const pictures = unique(body.memoryPictures)
  await attachPictures(trx, userId, memoryId, pictures)
  await verifyVisit(trx, userId, { id: memoryId, cardSetId: copy.cardSetId }, pictures)
  await notifyTagged(trx, userId, { id: memoryId, cardName: copy.cardName, visibility: body.visibility }, taggedIds)
  return { memoryId }
}

/** Returns the file names of pictures taken off the memory; the caller deletes their files once the change is committed. */
export async function updateMemory(
  trx: Transaction<Database>,
  userId: string,
  body: UpdateMemoryBody,
): Promise<{ removedPictures: string[] }> {
  const memory = await findOwnMemory(trx, userId, body.memoryId)
  if (!memory) throw new AppError('NotFound', TEXTS.memoryNotFound)
  checkDates(body.memoryStartDate, body.memoryEndDate)
  const taggedIds = unique(body.taggedFriends)
  const previousTags = new Set((await queries.listTaggedUserIds(trx, memory.id)).map((row) => row.userId))
  const addedTags = taggedIds.filter((id) => !previousTags.has(id))
  // Friends tagged before stay tagged even if the friendship ended since; only new tags must be friends.
  await lockTagging(trx, userId, addedTags)
  await checkTaggable(trx, userId, addedTags)
  await queries.updateMemoryText(trx, memory.id, {
    startDate: body.memoryStartDate,
    endDate: body.memoryEndDate,
    content: body.memoryContent,
    visibility: body.visibility,
    updatedAt: nowIso(),
  })

  const removedTags = [...previousTags].filter((id) => !taggedIds.includes(id))
  await queries.deleteTags(trx, memory.id, removedTags)
  await queries.insertTags(trx, memory.id, addedTags)

  const kept = unique(body.memoryPictures)
  const attachedBefore = (await queries.listPictureNames(trx, memory.id)).map((row) => row.fileName)
  const removedPictures = attachedBefore.filter((name) => !kept.includes(name))
  await queries.deletePictures(trx, removedPictures)
  await attachPictures(trx, userId, memory.id, kept)
  await verifyVisit(
    trx,
    userId,
    memory,
    kept.filter((name) => !attachedBefore.includes(name)),
  )

  await notifyTagged(trx, userId, { id: memory.id, cardName: memory.cardName, visibility: body.visibility }, addedTags)
  return { removedPictures }
}

/** Untags each of the two travellers from the other's memories, telling nobody (a block ends what tags between them). */
export async function removeTagsBetween(trx: Transaction<Database>, userId: string, otherId: string): Promise<void> {
  await queries.deleteTagsBetween(trx, userId, otherId)
}
