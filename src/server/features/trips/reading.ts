import type { Kysely, Transaction } from 'kysely'

import {
  TRAVELLED_TRIPS_LISTED,
  TRIP_TEXTS,
  type TravelledTrip,
  type Trip,
  type TripPlace,
  type TripSummary,
  type TripTraveller,
} from '@shared/trips'

import { listBlockedEitherWay } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'
import { filterVisibleMemoryIds, hydrateMemories } from '../memories/readModel'

import * as queries from './queries'

/** What a viewer may see of trips: lists and the trip page, each from the memories that viewer may see. */

type TripMemoryRow = Awaited<ReturnType<typeof queries.listTripMemories>>[number]

/** A memory's place in a timeline: by its first day (undated last), then when it was written. */
function byDate(a: TripMemoryRow, b: TripMemoryRow): number {
  if (a.startDate !== b.startDate) {
    if (a.startDate === null) return 1
    if (b.startDate === null) return -1
    return a.startDate < b.startDate ? -1 : 1
  }
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0
}

/** Dates and places of a trip from the memories given (those its viewer may see), in the order travelled. */
function datesAndPlaces(memories: TripMemoryRow[]) {
  const ordered = [...memories].sort(byDate)
  const starts = ordered.flatMap((memory) => memory.startDate ?? [])
  const ends = ordered.flatMap((memory) => memory.endDate ?? memory.startDate ?? [])
  const places: TripPlace[] = []
  for (const memory of ordered) {
    // A place comes again when the journey returns to it after another.
    if (places.at(-1)?.cardSetId !== memory.cardSetId)
      places.push({ cardSetId: memory.cardSetId, name: memory.place, cardId: memory.cardId })
  }
  return {
    ordered,
    startDate: starts.length > 0 ? starts.reduce((a, b) => (a < b ? a : b)) : null,
    endDate: ends.length > 0 ? ends.reduce((a, b) => (a > b ? a : b)) : null,
    places,
  }
}

/** Each trip's owner and travellers (with those only invited), owner first. */
export async function travellersOf(
  db: Kysely<Database> | Transaction<Database>,
  trips: { id: string; ownerId: string }[],
) {
  const ids = trips.map((trip) => trip.id)
  const [members, owners] = await Promise.all([
    ids.length > 0 ? queries.listTravellers(db, ids) : [],
    trips.length > 0 ? queries.findUsers(db, [...new Set(trips.map((trip) => trip.ownerId))]) : [],
  ])
  const ownerById = new Map(owners.map((owner) => [owner.userId, owner]))
  return new Map(
    trips.map((trip) => {
      const owner = ownerById.get(trip.ownerId)
      const travellers: TripTraveller[] = [
        ...(owner ? [{ ...owner, role: 'owner' as const }] : []),
        ...members
          .filter((member) => member.tripId === trip.id)
          .map(({ userId, username, avatarId, status }) => ({ userId, username, avatarId, role: status })),
      ]
      return [trip.id, travellers]
    }),
  )
}

/** The trips the traveller owns, travels in or is invited to, oldest first, with their standing in each (the export). */
export async function listTripStandings(db: Kysely<Database>, userId: string) {
  return (await queries.listAllTripsOf(db, userId)).reverse()
}

interface TripRow {
  id: string
  ownerId: string
  title: string
  visibility: number
  createdAt: string
}

/**
 * The trips as `viewerId` may see them: each with its owner and the memories in it the viewer may see, from which its
 * dates and places come. A trip whose owner is gone is left out.
 */
async function seenBy<T extends TripRow>(db: Kysely<Database>, viewerId: string, trips: T[]) {
  if (trips.length === 0) return []
  const [memories, travellers] = await Promise.all([
    queries.listTripMemories(
      db,
      trips.map((trip) => trip.id),
    ),
    travellersOf(db, trips),
  ])
  const visible = new Set(
    await filterVisibleMemoryIds(
      db,
      viewerId,
      memories.map((memory) => memory.memoryId),
    ),
  )
  return trips.flatMap((trip) => {
    const owner = travellers.get(trip.id)?.find((traveller) => traveller.role === 'owner')
    if (!owner) return []
    const inTrip = memories.filter((memory) => memory.tripId === trip.id && visible.has(memory.memoryId))
    const { startDate, endDate, places } = datesAndPlaces(inTrip)
    const summary = {
      tripId: trip.id,
      title: trip.title,
      visibility: trip.visibility,
      owner,
      startDate,
      endDate,
      memoryCount: inTrip.length,
      places,
      createdAt: trip.createdAt,
    }
    return [{ trip, inTrip, summary }]
  })
}

/** getMyTrips: the trips the traveller owns, travels in or is invited to, newest first, as they may see them. */
export async function getMyTrips(db: Kysely<Database>, userId: string): Promise<TripSummary[]> {
  const trips = await seenBy(db, userId, await queries.listTripsOf(db, userId))
  return trips.map(({ trip, inTrip, summary }) => ({
    ...summary,
    myRole: trip.ownerId === userId ? 'owner' : (trip.memberStatus ?? 'invited'),
    myMemoryIds: inTrip.flatMap((memory) => (memory.authorId === userId ? memory.memoryId : [])),
  }))
}

/**
 * The newest trips `travellerId` owns or travels in that `viewerId` may open, as the traveller's friend page lists
 * them: dates and places from the memories the viewer may see.
 */
export async function getTravelledTrips(
  db: Kysely<Database>,
  viewerId: string,
  travellerId: string,
): Promise<TravelledTrip[]> {
  const trips = await queries.listTravelledTripsVisibleTo(db, viewerId, travellerId, TRAVELLED_TRIPS_LISTED)
  return (await seenBy(db, viewerId, trips)).map(({ trip, summary }) => ({
    ...summary,
    travellerRole: trip.ownerId === travellerId ? 'owner' : 'accepted',
  }))
}

/** getTrip: the trip as `viewerId` may see it; its timeline holds only the memories they may see. */
export async function getTrip(
  db: Kysely<Database>,
  signer: PictureSigner,
  viewerId: string,
  tripId: string,
): Promise<Trip> {
  const trip = await queries.findVisibleTrip(db, viewerId, tripId)
  if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
  const [memories, travellers, blockedIds] = await Promise.all([
    queries.listTripMemories(db, [tripId]),
    travellersOf(db, [trip]),
    listBlockedEitherWay(db, viewerId),
  ])
  const visible = new Set(
    await filterVisibleMemoryIds(
      db,
      viewerId,
      memories.map((memory) => memory.memoryId),
    ),
  )
  const { ordered, startDate, endDate, places } = datesAndPlaces(
    memories.filter((memory) => visible.has(memory.memoryId)),
  )
  const tripTravellers = travellers.get(trip.id) ?? []
  const blockedWith = new Set(blockedIds)
  const owner = tripTravellers.find((traveller) => traveller.role === 'owner')
  if (!owner) throw new AppError('NotFound', TRIP_TEXTS.notFound)
  return {
    tripId: trip.id,
    title: trip.title,
    visibility: trip.visibility,
    owner,
    myRole: tripTravellers.find((traveller) => traveller.userId === viewerId)?.role ?? null,
    startDate,
    endDate,
    memoryCount: ordered.length,
    places,
    myMemoryIds: ordered.flatMap((memory) => (memory.authorId === viewerId ? memory.memoryId : [])),
    createdAt: trip.createdAt,
    // A viewer outside the trip sees who travelled, not who was only asked; nobody sees a traveller across a block.
    travellers: tripTravellers.filter(
      (traveller) =>
        !blockedWith.has(traveller.userId) &&
        (traveller.role !== 'invited' || trip.ownerId === viewerId || traveller.userId === viewerId),
    ),
    memories: await hydrateMemories(
      db,
      signer,
      viewerId,
      ordered.map((memory) => memory.memoryId),
    ),
  }
}
