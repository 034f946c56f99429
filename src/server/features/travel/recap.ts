import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import {
  RECAP_TEXTS,
  recapSentence,
  type LongestJourney,
  type LongestTrip,
  type RecapPlace,
  type ShareYearRecapResult,
  type YearRecap,
} from '@shared/recap'
import type { PlaceStatus } from '@shared/travel'

import type { Database } from '../../db/schema'
import { blobFolder, type BlobStore } from '../../lib/blobStore'
import { now, nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Catalogue } from '../catalogue/catalogueCache'

import { renderMapPreview } from './mapImage'
import * as queries from './recap.queries'
import { countryNameOf, getMapPlaces } from './service'
import { MAP_REVISION } from './worldMap'

/** The recaps' map previews in the blob store: `{userId}/{year}/{version}.png`. */
export const RECAP_PREVIEW_FOLDER = 'year-recaps'

const DAY_MS = 86_400_000
/** The last time zone to reach a new year (UTC+14): from then on the year has begun somewhere. */
const EARLIEST_NEW_YEAR_MS = 14 * 60 * 60 * 1000

/** A year has begun once it has begun in the easternmost time zone. */
function checkYearBegun(year: number): void {
  if (year > new Date(now().getTime() + EARLIEST_NEW_YEAR_MS).getUTCFullYear())
    throw new AppError('BadRequest', RECAP_TEXTS.futureYear)
}

function rangeOf(year: number): queries.YearRange {
  return { from: `${String(year).padStart(4, '0')}-01-01`, until: `${String(year + 1).padStart(4, '0')}-01-01` }
}

function inYear(day: string, range: queries.YearRange): boolean {
  return day >= range.from && day < range.until
}

/** First to last day, both counted. */
function daysOf(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1
}

/** What a recap is made of, before the share link is looked up: the year's figures of one traveller. */
type YearFigures = Omit<YearRecap, 'shareId'> & { longestPublicJourney: LongestJourney | null }

async function yearFigures(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
  year: number,
): Promise<YearFigures> {
  const range = rangeOf(year)
  const [copies, verifications, memories, friendsMade] = await Promise.all([
    queries.listHeldCopies(db, userId),
    queries.listVerificationDays(db, userId),
    queries.listMemoriesOfYear(db, userId, range, nowIso()),
    queries.countFriendsMade(db, userId, range),
  ])

  const cardsByRarity = [0, 0, 0, 0, 0]
  const firstArrival = new Map<string, string>()
  const rarestCard = new Map<string, { cardId: string; rarity: number }>()
  for (const copy of copies) {
    const card = catalogue.cardsById.get(copy.cardId)
    if (!card) continue
    if (inYear(copy.createdAt, range)) cardsByRarity[card.rarity - 1] = (cardsByRarity[card.rarity - 1] ?? 0) + 1
    const first = firstArrival.get(card.cardSetId)
    if (!first || copy.createdAt < first) firstArrival.set(card.cardSetId, copy.createdAt)
    const rarest = rarestCard.get(card.cardSetId)
    if (!rarest || card.rarity > rarest.rarity) rarestCard.set(card.cardSetId, card)
  }

  const placeOf = (cardSetId: string): RecapPlace | null => {
    const place = catalogue.placesById.get(cardSetId)
    const collectionName = catalogue.cardsById.get(place?.commonCardId ?? '')?.collectionName
    if (!place || collectionName === undefined) return null
    const cardId = rarestCard.get(cardSetId)?.cardId ?? place.commonCardId
    return { cardSetId, name: place.name, collectionName, cardId }
  }
  const byName = (a: RecapPlace, b: RecapPlace) => a.name.localeCompare(b.name, 'en')
  const newPlaces = [...firstArrival]
    .filter(([, arrival]) => inYear(arrival, range))
    .flatMap(([cardSetId]) => placeOf(cardSetId) ?? [])
    .sort(byName)
  const verifiedPlaces = verifications
    .filter(({ takenOn, verifiedAt }) => inYear(takenOn ?? verifiedAt, range))
    .flatMap(({ cardSetId }) => placeOf(cardSetId) ?? [])
    .sort(byName)

  const countryCodes = new Set(
    [...newPlaces, ...verifiedPlaces].flatMap(
      ({ cardSetId }) => catalogue.placesById.get(cardSetId)?.countryCode ?? [],
    ),
  )
  const countries = [...countryCodes]
    .map((countryCode) => ({ countryCode, name: countryNameOf(catalogue, countryCode) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))

  const journeys = memories
    .flatMap(({ id, startDate, endDate, place, isPublic }) =>
      startDate
        ? [
            {
              journey: {
                memoryId: id,
                place,
                startDate,
                endDate: endDate && endDate >= startDate ? endDate : startDate,
                days: daysOf(startDate, endDate && endDate >= startDate ? endDate : startDate),
              },
              isPublic: isPublic === 1,
            },
          ]
        : [],
    )
    // The longest; of equals, the earliest.
    .sort((a, b) => b.journey.days - a.journey.days || a.journey.startDate.localeCompare(b.journey.startDate))

  // A trip's span of the year is that of the traveller's own memories of the year in it.
  const tripIds = new Set<string>()
  const tripSpans = new Map<string, LongestTrip>()
  for (const { tripId, tripTitle, startDate, endDate } of memories) {
    if (!tripId || tripTitle === null) continue
    tripIds.add(tripId)
    if (!startDate) continue
    const end = endDate && endDate >= startDate ? endDate : startDate
    const span = tripSpans.get(tripId)
    if (!span) tripSpans.set(tripId, { tripId, title: tripTitle, startDate, endDate: end, days: 0 })
    else {
      if (startDate < span.startDate) span.startDate = startDate
      if (end > span.endDate) span.endDate = end
    }
  }
  const longestTrip =
    [...tripSpans.values()]
      .map((trip) => ({ ...trip, days: daysOf(trip.startDate, trip.endDate) }))
      .sort((a, b) => b.days - a.days || a.startDate.localeCompare(b.startDate))[0] ?? null

  return {
    year,
    newPlaces,
    verifiedPlaces,
    countries,
    cardsByRarity,
    memories: memories.length,
    publicMemories: memories.filter(({ isPublic }) => isPublic === 1).length,
    friendsMade,
    longestJourney: journeys[0]?.journey ?? null,
    trips: tripIds.size,
    longestTrip,
    longestPublicJourney: journeys.find(({ isPublic }) => isPublic)?.journey ?? null,
  }
}

/** getYearRecap: the traveller's own year, everything in it. */
export async function getYearRecap(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
  year: number,
): Promise<YearRecap> {
  checkYearBegun(year)
  const [{ longestPublicJourney: _public, ...figures }, share] = await Promise.all([
    yearFigures(db, catalogue, userId, year),
    queries.findShare(db, userId, year),
  ])
  return { ...figures, shareId: share?.shareId ?? null }
}

/** shareYearRecap: the year's link, made once; sharing again answers the same link. */
export async function shareYearRecap(
  db: Kysely<Database>,
  userId: string,
  year: number,
): Promise<ShareYearRecapResult> {
  checkYearBegun(year)
  await queries.insertShare(db, {
    user_id: userId,
    year,
    share_id: crypto.randomBytes(12).toString('base64url'),
    created_at: nowIso(),
  })
  const share = await queries.findShare(db, userId, year)
  if (!share) throw new AppError('Unavailable', 'The link could not be made. Please try again.')
  return share
}

/** stopSharingYearRecap: the link stops working at once; stopping twice changes nothing. */
export async function stopSharingYearRecap(db: Kysely<Database>, userId: string, year: number): Promise<null> {
  await queries.deleteShare(db, userId, year)
  return null
}

/**
 * A shared year as the public sees it (the share page and its preview): the figures of places, countries and cards,
 * the count of Public memories and the longest journey among them; never friends, trips, private memories or dates
 * of anything else. Null when the link is not (or no longer) shared.
 */
export interface SharedYearRecap {
  year: number
  userId: string
  username: string
  avatarId: number
  friendCode: string
  recap: Omit<YearRecap, 'shareId' | 'friendsMade' | 'memories' | 'longestJourney' | 'trips' | 'longestTrip'>
  longestJourney: LongestJourney | null
  /** Changes whenever the preview would look different; part of the image's address and its ETag. */
  version: string
}

export async function findSharedYearRecap(
  db: Kysely<Database>,
  catalogue: Catalogue,
  shareId: string,
): Promise<SharedYearRecap | null> {
  const shared = await queries.findSharedRecap(db, shareId, nowIso())
  if (!shared) return null
  const {
    friendsMade: _friends,
    memories: _memories,
    longestJourney: _private,
    trips: _trips,
    longestTrip: _trip,
    longestPublicJourney,
    ...recap
  } = await yearFigures(db, catalogue, shared.userId, shared.year)
  const version = crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        MAP_REVISION,
        shared.username,
        recap.newPlaces.map(({ cardSetId }) => cardSetId),
        recap.verifiedPlaces.map(({ cardSetId }) => cardSetId),
        recap.countries.length,
        recap.cardsByRarity,
      ]),
    )
    .digest('base64url')
    .slice(0, 16)
  return { ...shared, recap, longestJourney: longestPublicJourney, version }
}

/** The year's places on the map: verified visits above places newly collected. */
export function yearStatuses(recap: Pick<YearRecap, 'newPlaces' | 'verifiedPlaces'>) {
  const statuses = new Map<string, Exclude<PlaceStatus, 'none'>>()
  for (const { cardSetId } of recap.newPlaces) statuses.set(cardSetId, 'collected')
  for (const { cardSetId } of recap.verifiedPlaces) statuses.set(cardSetId, 'verified')
  return statuses
}

/** The shared year's map preview (PNG, 1200×630), drawn once per version and kept in the blob store. */
export function yearRecapPreview(catalogue: Catalogue, blobs: BlobStore, shared: SharedYearRecap): Promise<Buffer> {
  const store = blobFolder(blobs, RECAP_PREVIEW_FOLDER)
  const owner = `${shared.userId}/${shared.year}`
  return renderMapPreview(
    store,
    `${owner}/recap-${shared.version}.png`,
    getMapPlaces(catalogue).data,
    {
      title: `${shared.username}'s ${RECAP_TEXTS.title(shared.year)}`,
      sentence: recapSentence(shared.recap),
      statuses: yearStatuses(shared.recap),
    },
    owner,
  )
}

/** Deletes the traveller's recap previews (their name and places), as their account goes. */
export async function deleteYearRecapPreviews(blobs: BlobStore, userId: string): Promise<void> {
  const previews = blobFolder(blobs, RECAP_PREVIEW_FOLDER)
  for await (const key of previews.list(userId)) await previews.delete(key)
}
