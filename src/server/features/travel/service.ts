import type { Kysely, Transaction } from 'kysely'

import type { SharedPlace } from '@shared/friends'
import {
  FRIENDS_TO_ASK_MAX,
  type BucketList,
  type FriendToAsk,
  placesBeenTo,
  type MyMap,
  type MyMapPlace,
  type PlaceStatus,
  type PlaceTravel,
  type Progress,
  type ProgressFigure,
  type VisitCheck,
} from '@shared/travel'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Catalogue, CataloguePlace } from '../catalogue/catalogueCache'

import { isInsidePlace } from './geography'
import { isInFuture } from './photoDates'
import { readPhotoLocation } from './photoLocation'
import * as queries from './queries'
import { worldMap, type PreparedMap } from './worldMap'

type Reader = Kysely<Database> | Transaction<Database>

const CARD_NOT_FOUND = 'Card not found'
const ALREADY_BEEN = (place: string) => `You have been to ${place} already.`

/** What the traveller has of each place they have anything of: the rarest copy held, the been-there mark, the proof. */
interface Standing {
  bestCard: { cardId: string; rarity: number } | null
  marked: boolean
  verification: { takenOn: string | null; verifiedAt: string; memoryId: string | null } | null
  wantToGo: boolean
}

async function standings(db: Reader, catalogue: Catalogue, userId: string): Promise<Map<string, Standing>> {
  const [held, marked, verified, wanted] = await Promise.all([
    queries.listHeldCardIds(db, userId),
    queries.listBeenThere(db, userId),
    queries.listVerifications(db, userId),
    queries.listWantToGo(db, userId),
  ])
  const result = new Map<string, Standing>()
  const of = (cardSetId: string): Standing => {
    let standing = result.get(cardSetId)
    if (!standing) {
      standing = { bestCard: null, marked: false, verification: null, wantToGo: false }
      result.set(cardSetId, standing)
    }
    return standing
  }
  for (const { cardId } of held) {
    const card = catalogue.cardsById.get(cardId)
    if (!card) continue
    const standing = of(card.cardSetId)
    if (!standing.bestCard || card.rarity > standing.bestCard.rarity)
      standing.bestCard = { cardId: card.cardId, rarity: card.rarity }
  }
  for (const row of marked) of(row.cardSetId).marked = true
  for (const row of verified) of(row.cardSetId).verification = row
  for (const row of wanted) of(row.cardSetId).wantToGo = true
  return result
}

/** The one status a place shows: a verified visit outranks a mark, a mark a copy (docs/product.md#place-status). */
function statusOf(standing: Standing | undefined): PlaceStatus {
  if (!standing) return 'none'
  if (standing.verification) return 'verified'
  if (standing.marked) return 'beenThere'
  if (standing.bestCard) return 'collected'
  return 'none'
}

/** The catalogue's map, the same for everyone. */
export function getMapPlaces(catalogue: Catalogue): PreparedMap {
  return worldMap(catalogue)
}

/** Every place the traveller has a status for or wants to go to; the rest of the map is "not collected". */
export async function getMyMap(db: Kysely<Database>, catalogue: Catalogue, userId: string): Promise<MyMap> {
  const { placesById } = catalogue
  const mine = await standings(db, catalogue, userId)
  const places: MyMapPlace[] = []
  for (const [cardSetId, standing] of mine) {
    const place = placesById.get(cardSetId)
    if (!place) continue
    places.push({
      cardSetId,
      status: statusOf(standing),
      cardId: standing.bestCard?.cardId ?? place.commonCardId,
      wantToGo: standing.wantToGo,
      verifiedTakenOn: standing.verification?.takenOn ?? null,
    })
  }
  return { places }
}

function emptyFigure(): ProgressFigure {
  return { places: 0, collected: 0, beenThere: 0, verified: 0 }
}

function count(figure: ProgressFigure, standing: Standing | undefined): void {
  figure.places += 1
  if (!standing) return
  if (standing.bestCard) figure.collected += 1
  if (standing.marked || standing.verification) figure.beenThere += 1
  if (standing.verification) figure.verified += 1
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

export function countryNameOf(catalogue: Catalogue, countryCode: string): string {
  const known = catalogue.countryNames.get(countryCode)
  if (known) return known
  try {
    return regionNames.of(countryCode) ?? countryCode
  } catch {
    return countryCode
  }
}

/**
 * Honest progress (docs/product.md#progress): every figure is counted against the catalogue's places as they are, so
 * the denominator grows with the catalogue; a place counts for its collection and for the country it lies in.
 */
export async function progressOf(db: Reader, catalogue: Catalogue, userId: string): Promise<Progress> {
  const mine = await standings(db, catalogue, userId)
  const total = emptyFigure()
  const byCollection = new Map(catalogue.collections.map((c) => [c.collectionId, emptyFigure()]))
  const byCountry = new Map<string, ProgressFigure>()
  for (const place of catalogue.places) {
    const standing = mine.get(place.cardSetId)
    count(total, standing)
    const collection = byCollection.get(place.collectionId)
    if (collection) count(collection, standing)
    if (place.countryCode) {
      let country = byCountry.get(place.countryCode)
      if (!country) {
        country = emptyFigure()
        byCountry.set(place.countryCode, country)
      }
      count(country, standing)
    }
  }
  return {
    total,
    collections: catalogue.collections.map((c) => ({
      collectionId: c.collectionId,
      collectionName: c.collectionName,
      ...(byCollection.get(c.collectionId) ?? emptyFigure()),
    })),
    countries: [...byCountry]
      .map(([countryCode, figure]) => ({
        countryCode,
        countryName: countryNameOf(catalogue, countryCode),
        ...figure,
      }))
      .sort((a, b) => a.countryName.localeCompare(b.countryName, 'en')),
  }
}

function placeOfCard(catalogue: Catalogue, cardId: string): CataloguePlace {
  const card = catalogue.cardsById.get(cardId)
  const place = card && catalogue.placesById.get(card.cardSetId)
  if (!place) throw new AppError('NotFound', CARD_NOT_FOUND)
  return place
}

/** Friends who have been to each place, verified visits first, then by name; at most FRIENDS_TO_ASK_MAX a place. */
async function friendsToAsk(db: Reader, userId: string, cardSetIds: string[]): Promise<Map<string, FriendToAsk[]>> {
  const [marked, verified] = await Promise.all([
    queries.listFriendsBeenThere(db, userId, cardSetIds),
    queries.listFriendsVerified(db, userId, cardSetIds),
  ])
  const byPlace = new Map<string, Map<string, FriendToAsk>>()
  for (const [rows, isVerified] of [
    [marked, false],
    [verified, true],
  ] as const) {
    for (const row of rows) {
      let friends = byPlace.get(row.cardSetId)
      if (!friends) {
        friends = new Map()
        byPlace.set(row.cardSetId, friends)
      }
      const known = friends.get(row.userId)
      friends.set(row.userId, {
        userId: row.userId,
        username: row.username,
        avatarId: row.avatarId,
        verified: isVerified || (known?.verified ?? false),
      })
    }
  }
  return new Map(
    [...byPlace].map(([cardSetId, friends]) => [
      cardSetId,
      [...friends.values()]
        .sort((a, b) => Number(b.verified) - Number(a.verified) || a.username.localeCompare(b.username, 'en'))
        .slice(0, FRIENDS_TO_ASK_MAX),
    ]),
  )
}

/** The caller's verification and bucket-list mark for a card's place, and the friends who have been there. */
export async function getPlaceTravel(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
  cardId: string,
): Promise<PlaceTravel> {
  const place = placeOfCard(catalogue, cardId)
  const [verification, wantToGo, friends] = await Promise.all([
    queries.findVerification(db, userId, place.cardSetId),
    queries.isOnWantToGo(db, userId, place.cardSetId),
    friendsToAsk(db, userId, [place.cardSetId]),
  ])
  return {
    cardSetId: place.cardSetId,
    verification: verification ?? null,
    wantToGo,
    friends: friends.get(place.cardSetId) ?? [],
  }
}

/** "Want to go" is for places the traveller has not been to; taking a place off the list always works. */
export async function setWantToGo(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
  cardId: string,
  value: boolean,
): Promise<void> {
  const place = placeOfCard(catalogue, cardId)
  if (!value) {
    await queries.deleteWantToGo(db, userId, place.cardSetId)
    return
  }
  const [marked, verification] = await Promise.all([
    queries.hasBeenThere(db, userId, place.cardSetId),
    queries.findVerification(db, userId, place.cardSetId),
  ])
  if (marked || verification) throw new AppError('RuleViolation', ALREADY_BEEN(place.name))
  await queries.insertWantToGo(db, userId, place.cardSetId, nowIso())
}

/** Removes the proof; a been-there mark the traveller set stays. */
export async function removeVerification(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
  cardId: string,
): Promise<void> {
  const place = placeOfCard(catalogue, cardId)
  await queries.deleteVerification(db, userId, place.cardSetId)
}

export async function getBucketList(db: Kysely<Database>, catalogue: Catalogue, userId: string): Promise<BucketList> {
  const wanted = await queries.listWantToGo(db, userId)
  const ids = wanted.map((row) => row.cardSetId)
  const [marked, verified, friends] = await Promise.all([
    queries.listBeenThere(db, userId),
    queries.listVerifications(db, userId),
    friendsToAsk(db, userId, ids),
  ])
  const been = placesBeenTo(marked, verified)
  const collectionNames = new Map(catalogue.collections.map((c) => [c.collectionId, c.collectionName]))
  return wanted.flatMap((row) => {
    const place = catalogue.placesById.get(row.cardSetId)
    if (!place) return []
    return [
      {
        cardSetId: place.cardSetId,
        cardId: place.commonCardId,
        name: place.name,
        kind: place.kind,
        collectionName: collectionNames.get(place.collectionId) ?? '',
        addedAt: row.createdAt,
        beenThere: been.has(place.cardSetId),
        friends: friends.get(place.cardSetId) ?? [],
      },
    ]
  })
}

async function beenThereIds(db: Reader, userId: string): Promise<Set<string>> {
  const [marked, verified] = await Promise.all([
    queries.listBeenThere(db, userId),
    queries.listVerifications(db, userId),
  ])
  return new Set([...marked, ...verified].map((row) => row.cardSetId))
}

/**
 * The places both travellers have been to (marked or verified), by name: what a friend's page shows, as a friend's
 * been-there is already visible to their friends on a card's page. The caller checks the friendship.
 */
export async function placesBeenByBoth(
  db: Reader,
  catalogue: Catalogue,
  userId: string,
  otherId: string,
): Promise<SharedPlace[]> {
  const [mine, theirs] = await Promise.all([beenThereIds(db, userId), beenThereIds(db, otherId)])
  const collectionNames = new Map(catalogue.collections.map((c) => [c.collectionId, c.collectionName]))
  return [...mine]
    .filter((cardSetId) => theirs.has(cardSetId))
    .flatMap((cardSetId) => {
      const place = catalogue.placesById.get(cardSetId)
      if (!place) return []
      const collectionName = collectionNames.get(place.collectionId) ?? ''
      return [{ cardSetId, cardId: place.commonCardId, name: place.name, collectionName }]
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.cardSetId.localeCompare(b.cardSetId))
}

/** Whether the user's visit to a place is verified (the seal on an owned copy's page). */
export async function isVisitVerified(db: Reader, userId: string, cardSetId: string): Promise<boolean> {
  return (await queries.findVerification(db, userId, cardSetId)) !== undefined
}

/**
 * Checks an uploaded picture's GPS position against a place (docs/product.md#verified-visits). Reads the original's
 * metadata once; the position is used here and dropped, and only the verdict and the capture date leave.
 */
export async function checkVisitPhoto(
  catalogue: Catalogue,
  cardSetId: string | null,
  upload: Buffer,
): Promise<VisitCheck> {
  const place = cardSetId ? catalogue.placesById.get(cardSetId) : undefined
  if (!place) return { verdict: 'notChecked', placeName: null, takenOn: null }
  const { position, takenOn } = await readPhotoLocation(upload)
  const result = (verdict: VisitCheck['verdict']): VisitCheck => ({ verdict, placeName: place.name, takenOn })
  if (!position) return result('noLocation')
  if (takenOn && isInFuture(takenOn)) return result('futureDate')
  return result(isInsidePlace(place, position) ? 'inside' : 'outside')
}

/** Records a visit proven by a picture of a memory on the place; the first proof of a place stands. */
export async function recordVerifiedVisit(
  trx: Transaction<Database>,
  visit: { userId: string; cardSetId: string; memoryId: string; takenOn: string | null },
): Promise<void> {
  await queries.insertVerification(trx, {
    user_id: visit.userId,
    card_set_id: visit.cardSetId,
    memory_id: visit.memoryId,
    taken_on: visit.takenOn,
    verified_at: nowIso(),
  })
}
