import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import { avatarPicturePath } from '@shared/artVersion'
import { PRODUCT_NAME, VISIBILITY } from '@shared/constants'

import type { Database } from '../../db/schema'
import { blobFolder, type BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import type { SharePageContent, SharePageContext } from '../../lib/sharePages'
import type { Catalogue } from '../catalogue/catalogueCache'
import { filterPublicMemoryIds } from '../memories/readModel'
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, renderMapPreview } from '../travel/mapImage'
import { getMapPlaces } from '../travel/service'
import { MAP_REVISION } from '../travel/worldMap'

import * as queries from './queries'

/** Route maps in the blob store: `{ownerId}/{tripId}/route-{version}.png`. */
export const TRIP_MAP_FOLDER = 'trip-maps'

/**
 * A Public trip as anyone holding its link sees it (`/s/trip?shareId={tripId}`): its title, owner and travellers,
 * and only its Public memories — their places in order, dates and words; a Private or Friends trip, or one whose owner
 * is suspended, is not found, and a suspended traveller is not named.
 */
export interface PublicTrip {
  tripId: string
  ownerId: string
  title: string
  owner: { username: string; avatarId: number; friendCode: string }
  /** The names of those who travelled (accepted), none suspended. */
  travellers: string[]
  memories: { place: string; cardSetId: string; startDate: string | null; endDate: string | null; content: string }[]
  /** Changes whenever the route map would look different. */
  version: string
}

export async function findPublicTrip(db: Kysely<Database>, tripId: string): Promise<PublicTrip | null> {
  const trip = await queries.findTrip(db, tripId)
  if (trip?.visibility !== VISIBILITY.Public) return null
  const at = nowIso()
  const owner = await queries.findPublicOwner(db, trip.ownerId, at)
  if (!owner) return null
  const [rows, travellers] = await Promise.all([
    queries.listTripMemories(db, [tripId]),
    queries.listPublicTravellerNames(db, tripId, at),
  ])
  const visible = new Set(
    await filterPublicMemoryIds(
      db,
      rows.map((row) => row.memoryId),
    ),
  )
  const contents = new Map((await queries.listMemoryContents(db, [...visible])).map((row) => [row.id, row.content]))
  const memories = rows
    .filter((row) => visible.has(row.memoryId))
    .sort(
      (a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.createdAt.localeCompare(b.createdAt),
    )
    .map((row) => ({
      place: row.place,
      cardSetId: row.cardSetId,
      startDate: row.startDate,
      endDate: row.endDate,
      content: contents.get(row.memoryId) ?? '',
    }))
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify([MAP_REVISION, trip.title, memories.map((memory) => memory.cardSetId)]))
    .digest('base64url')
    .slice(0, 16)
  return {
    tripId,
    ownerId: trip.ownerId,
    title: trip.title,
    owner,
    travellers,
    memories,
    version,
  }
}

/** The route's places, each once in the order first reached. */
function routeOf(trip: PublicTrip): string[] {
  const route: string[] = []
  for (const memory of trip.memories) if (route.at(-1) !== memory.cardSetId) route.push(memory.cardSetId)
  return route
}

/** The places in the order travelled: "Lisbon → Porto" on the page; the picture's fonts have no arrow, so "·" there. */
function placesLine(trip: PublicTrip, separator = ' → '): string {
  const names: string[] = []
  for (const memory of trip.memories) if (names.at(-1) !== memory.place) names.push(memory.place)
  return names.join(separator)
}

export async function loadTripSharePage({ db }: SharePageContext, shareId: string): Promise<SharePageContent | null> {
  const trip = await findPublicTrip(db, shareId)
  if (!trip) return null
  const days = trip.memories
    .flatMap((memory) => [memory.startDate, memory.endDate ?? memory.startDate])
    .flatMap((day) => day ?? [])
  const dates =
    days.length > 0 ? `${days.reduce((a, b) => (a < b ? a : b))} – ${days.reduce((a, b) => (a > b ? a : b))}` : ''
  const route = placesLine(trip)
  const withWhom = trip.travellers.length > 0 ? ` with ${trip.travellers.join(', ')}` : ''
  return {
    title: `${trip.title} — a trip on ${PRODUCT_NAME}`,
    description: route
      ? `${trip.owner.username}'s trip${withWhom}: ${route}.`
      : `${trip.owner.username}'s trip${withWhom}.`,
    image: { path: `/api${avatarPicturePath(trip.owner.avatarId)}`, alt: `${trip.owner.username}'s avatar` },
    preview: {
      path: `/api/image/tripMap?shareId=${encodeURIComponent(trip.tripId)}&v=${trip.version}`,
      alt: route ? `Route map of ${trip.title}: ${route}` : `Map of ${trip.title}`,
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
    },
    ogType: 'website',
    heading: trip.title,
    subheading: [`by ${trip.owner.username}${withWhom}`, dates].filter(Boolean).join(' · '),
    facts: [
      { label: 'Places', value: String(routeOf(trip).length) },
      { label: 'Public memories', value: String(trip.memories.length) },
    ],
    ...(route ? { story: { title: 'Route', text: route } } : {}),
    figures: {
      title: 'Timeline',
      rows: trip.memories.map((memory) => ({
        label:
          [memory.startDate, memory.endDate !== memory.startDate ? memory.endDate : null].filter(Boolean).join(' – ') ||
          memory.place,
        value: `${memory.place}: ${memory.content}`,
      })),
    },
    gallery: [],
    invite: { friendCode: trip.owner.friendCode, username: trip.owner.username },
  }
}

/** The route map (PNG, 1200×630) of a Public trip, drawn once per version and kept in the blob store. */
export function tripMapPreview(catalogue: Catalogue, blobs: BlobStore, trip: PublicTrip): Promise<Buffer> {
  const route = routeOf(trip)
  return renderMapPreview(
    blobFolder(blobs, TRIP_MAP_FOLDER),
    `${trip.ownerId}/${trip.tripId}/route-${trip.version}.png`,
    getMapPlaces(catalogue).data,
    {
      title: trip.title,
      sentence: placesLine(trip, ' · ') || `${trip.owner.username}'s trip`,
      statuses: new Map(route.map((cardSetId) => [cardSetId, 'beenThere' as const])),
      route,
    },
    `${trip.ownerId}/${trip.tripId}`,
  )
}

/** Deletes one trip's route maps, as the trip goes. */
export async function deleteTripMapsOf(blobs: BlobStore, ownerId: string, tripId: string): Promise<void> {
  const maps = blobFolder(blobs, TRIP_MAP_FOLDER)
  for await (const key of maps.list(`${ownerId}/${tripId}`)) await maps.delete(key)
}

/** Deletes the traveller's route maps (their trips' titles and places), as their account goes. */
export async function deleteTripMaps(blobs: BlobStore, userId: string): Promise<void> {
  const maps = blobFolder(blobs, TRIP_MAP_FOLDER)
  for await (const key of maps.list(userId)) await maps.delete(key)
}
