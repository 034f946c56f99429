import type { Kysely, Transaction } from 'kysely'

import {
  TRIP_MEMBERS_MAX,
  TRIP_MEMORIES_MAX,
  TRIP_TEXTS,
  type AnswerTripInviteBody,
  type CreateTripBody,
  type TripMemberBody,
  type TripMemoryBody,
  type UpdateTripBody,
} from '@shared/trips'

import { isBlockedEitherWay, lockTravellerPair } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { notify } from '../notifications/service'

import * as queries from './queries'
import { travellersOf } from './reading'

/** The app's path of a trip's page, which notifications open. */
export const tripPath = (tripId: string) => `/trip/${encodeURIComponent(tripId)}`

/** The traveller's own memories among `memoryIds`, or a refusal naming why one cannot join. */
async function checkOwnFreeMemories(trx: Transaction<Database>, userId: string, memoryIds: string[]) {
  const unique = [...new Set(memoryIds)]
  if (unique.length === 0) return unique
  const own = await queries.listOwnMemoryIds(trx, userId, unique)
  if (own.length !== unique.length) throw new AppError('RuleViolation', TRIP_TEXTS.notYourMemory)
  for (const memoryId of unique) {
    const found = await queries.findMemoryForTrip(trx, memoryId)
    if (found?.tripId) throw new AppError('Conflict', TRIP_TEXTS.memoryInTrip(found.tripTitle ?? ''))
  }
  return unique
}

/** createTrip: a trip of the traveller's own memories (none in another trip), in one transaction. */
export async function createTrip(
  db: Kysely<Database>,
  userId: string,
  body: CreateTripBody,
): Promise<{ tripId: string }> {
  return inTransaction(db, async (trx) => {
    const memoryIds = await checkOwnFreeMemories(trx, userId, body.memoryIds)
    const tripId = newId()
    const at = nowIso()
    await queries.insertTrip(trx, {
      id: tripId,
      owner_id: userId,
      title: body.title.trim(),
      visibility: body.visibility,
      created_at: at,
      updated_at: at,
    })
    // A memory another request put in a trip meanwhile: refused whole, nothing created.
    if ((await queries.insertTripMemories(trx, tripId, memoryIds, at)) !== memoryIds.length)
      throw new AppError('Conflict', TRIP_TEXTS.memoryInTrip(''))
    return { tripId }
  })
}

/**
 * The trip, locked, and the caller's place in it: its owner, or a traveller who accepted or is invited. Anyone else,
 * and a traveller across a block with its owner, learns nothing of the trip: the answer an unknown trip gets, before
 * any other refusal. Every write asks this first, whatever the trip's visibility: seeing a trip is no place in it.
 */
async function lockTripWithPlace(trx: Transaction<Database>, userId: string, tripId: string) {
  const trip = await queries.lockTrip(trx, tripId)
  if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
  if (trip.ownerId === userId) return { trip, place: 'owner' as const }
  const member = await queries.findMember(trx, tripId, userId)
  // A block ends such a place; this holds for one a block from before that rule left behind.
  if (!member || (await isBlockedEitherWay(trx, userId, trip.ownerId)))
    throw new AppError('NotFound', TRIP_TEXTS.notFound)
  return { trip, place: member.status }
}

/** The trip, locked, for a write only its owner may make; a traveller in it is told so (422, never 403). */
async function lockOwnTrip(trx: Transaction<Database>, userId: string, tripId: string) {
  const { trip, place } = await lockTripWithPlace(trx, userId, tripId)
  if (place !== 'owner') throw new AppError('RuleViolation', TRIP_TEXTS.ownerOnly)
  return trip
}

export async function updateTrip(db: Kysely<Database>, userId: string, body: UpdateTripBody): Promise<null> {
  await inTransaction(db, async (trx) => {
    await lockOwnTrip(trx, userId, body.tripId)
    await queries.updateTrip(trx, body.tripId, {
      title: body.title.trim(),
      visibility: body.visibility,
      updated_at: nowIso(),
    })
  })
  return null
}

/** deleteTrip: the trip goes; its memories stay, each where it was written. */
export async function deleteTrip(db: Kysely<Database>, userId: string, tripId: string): Promise<null> {
  await inTransaction(db, async (trx) => {
    await lockOwnTrip(trx, userId, tripId)
    await queries.deleteTrip(trx, tripId)
  })
  return null
}

/** addTripMemory: a traveller in the trip adds one of their own memories; the other travellers are told. */
export async function addTripMemory(db: Kysely<Database>, userId: string, body: TripMemoryBody): Promise<null> {
  await inTransaction(db, async (trx) => {
    const { trip, place } = await lockTripWithPlace(trx, userId, body.tripId)
    if (place === 'invited') throw new AppError('RuleViolation', TRIP_TEXTS.notTravelling)
    const found = await queries.findMemoryForTrip(trx, body.memoryId)
    if (found?.authorId !== userId) throw new AppError('RuleViolation', TRIP_TEXTS.notYourMemory)
    if (found.tripId === body.tripId) return
    if (found.tripId) throw new AppError('Conflict', TRIP_TEXTS.memoryInTrip(found.tripTitle ?? ''))
    if ((await queries.countTripMemories(trx, body.tripId)) >= TRIP_MEMORIES_MAX)
      throw new AppError('RuleViolation', TRIP_TEXTS.tooManyMemories)
    if ((await queries.insertTripMemories(trx, body.tripId, [body.memoryId], nowIso())) === 0)
      throw new AppError('Conflict', TRIP_TEXTS.memoryInTrip(''))
    const travellers = (await travellersOf(trx, [trip])).get(trip.id) ?? []
    for (const traveller of travellers) {
      if (traveller.userId === userId || traveller.role === 'invited') continue
      await notify(
        trx,
        traveller.userId,
        'New memory in your trip',
        `A new memory was added to "${trip.title}".`,
        tripPath(trip.id),
        userId,
      )
    }
  })
  return null
}

/** removeTripMemory: the memory's author or the trip's owner takes it out; the memory itself stays. */
export async function removeTripMemory(db: Kysely<Database>, userId: string, body: TripMemoryBody): Promise<null> {
  await inTransaction(db, async (trx) => {
    const { place } = await lockTripWithPlace(trx, userId, body.tripId)
    const found = await queries.findMemoryForTrip(trx, body.memoryId)
    if (found?.tripId !== body.tripId) throw new AppError('NotFound', TRIP_TEXTS.notInTrip)
    if (found.authorId !== userId && place !== 'owner') throw new AppError('RuleViolation', TRIP_TEXTS.ownerOnly)
    await queries.deleteTripMemory(trx, body.tripId, body.memoryId)
  })
  return null
}

/** inviteToTrip: the owner invites a friend (never across a block); inviting again changes nothing. */
export async function inviteToTrip(db: Kysely<Database>, userId: string, body: TripMemberBody): Promise<null> {
  await inTransaction(db, async (trx) => {
    // The pair's account rows first, as a block of the pair takes them before it ends their trips: an invitation
    // cannot read "no block" while that block is being written, and then be left beside it.
    await lockTravellerPair(trx, userId, body.userId)
    const trip = await lockOwnTrip(trx, userId, body.tripId)
    if (body.userId === userId) return
    if (!(await queries.areFriends(trx, userId, body.userId)) || (await isBlockedEitherWay(trx, userId, body.userId)))
      throw new AppError('RuleViolation', TRIP_TEXTS.notFriend)
    if ((await queries.findMember(trx, body.tripId, body.userId)) !== undefined) return
    if ((await queries.countMembers(trx, body.tripId)) >= TRIP_MEMBERS_MAX)
      throw new AppError('RuleViolation', TRIP_TEXTS.tooManyMembers)
    if (await queries.insertInvite(trx, body.tripId, body.userId, nowIso()))
      await notify(
        trx,
        body.userId,
        'Trip invitation',
        `You are invited to travel in "${trip.title}": accept to add your memories to it.`,
        tripPath(trip.id),
        userId,
      )
  })
  return null
}

/** answerTripInvite: the invited friend joins (the owner is told) or declines (the invitation goes). */
export async function answerTripInvite(
  db: Kysely<Database>,
  userId: string,
  body: AnswerTripInviteBody,
): Promise<null> {
  await inTransaction(db, async (trx) => {
    const trip = await queries.lockTrip(trx, body.tripId)
    const member = trip ? await queries.findMember(trx, body.tripId, userId) : undefined
    // Across a block with the owner, as for anyone without an invitation (a block ends it; this holds for one a block
    // from before that rule left behind).
    if (!trip || !member || (await isBlockedEitherWay(trx, userId, trip.ownerId)))
      throw new AppError('NotFound', TRIP_TEXTS.noInvite)
    if (member.status !== 'invited') return
    if (!body.accept) {
      await queries.deleteMember(trx, body.tripId, userId)
      return
    }
    await queries.acceptInvite(trx, body.tripId, userId, nowIso())
    await notify(
      trx,
      trip.ownerId,
      'Trip invitation accepted',
      `A friend joined your trip "${trip.title}".`,
      tripPath(trip.id),
      userId,
    )
  })
  return null
}

/**
 * removeTripMember: the owner removes a traveller, or a traveller leaves; their memories leave the trip with them
 * (the memories stay theirs).
 */
export async function removeTripMember(db: Kysely<Database>, userId: string, body: TripMemberBody): Promise<null> {
  await inTransaction(db, async (trx) => {
    const { trip, place } = await lockTripWithPlace(trx, userId, body.tripId)
    if (body.userId === trip.ownerId) throw new AppError('RuleViolation', TRIP_TEXTS.ownerStays)
    if (place !== 'owner' && userId !== body.userId) throw new AppError('RuleViolation', TRIP_TEXTS.ownerOnly)
    if (!(await queries.deleteMember(trx, body.tripId, body.userId)))
      throw new AppError('NotFound', TRIP_TEXTS.notMember)
    await queries.deleteMemoriesOfAuthor(trx, body.tripId, body.userId)
  })
  return null
}

/**
 * What a block between `a` and `b` ends in trips, in the block's transaction (after its row is written and the pair's
 * account rows are taken): where one owns a trip the other travels in or is invited to, that place ends and the
 * traveller's memories leave the trip, as removeTripMember does. A second block finds nothing left to end.
 */
export async function endTripsAcrossBlock(trx: Transaction<Database>, a: string, b: string): Promise<void> {
  for (const { tripId, memberId } of await queries.listPlacesBetween(trx, a, b)) {
    // The trip's row, as every write of its travellers and memories takes it: a memory an addTripMemory put in
    // before this got the row is committed by then, and the delete sees it.
    await queries.lockTrip(trx, tripId)
    await queries.deleteMember(trx, tripId, memberId)
    await queries.deleteMemoriesOfAuthor(trx, tripId, memberId)
  }
}
