import type { Kysely, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'
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

import { isBlockedEitherWay } from '../../db/blocks'
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

async function lockOwnTrip(trx: Transaction<Database>, userId: string, tripId: string) {
  const trip = await queries.lockTrip(trx, tripId)
  if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
  if (trip.ownerId !== userId) {
    // A traveller who may not see the trip learns nothing of it.
    if (!(await queries.findMember(trx, tripId, userId))) throw new AppError('NotFound', TRIP_TEXTS.notFound)
    throw new AppError('RuleViolation', TRIP_TEXTS.ownerOnly)
  }
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
    const trip = await queries.lockTrip(trx, body.tripId)
    if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
    const member = trip.ownerId === userId ? null : await queries.findMember(trx, body.tripId, userId)
    if (trip.ownerId !== userId && !member) throw new AppError('NotFound', TRIP_TEXTS.notFound)
    if (member && member.status !== 'accepted') throw new AppError('RuleViolation', TRIP_TEXTS.notTravelling)
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
    const trip = await queries.lockTrip(trx, body.tripId)
    if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
    const found = await queries.findMemoryForTrip(trx, body.memoryId)
    if (found?.tripId !== body.tripId) throw new AppError('NotFound', TRIP_TEXTS.notInTrip)
    if (found.authorId !== userId && trip.ownerId !== userId) throw new AppError('RuleViolation', TRIP_TEXTS.ownerOnly)
    await queries.deleteTripMemory(trx, body.tripId, body.memoryId)
  })
  return null
}

/** inviteToTrip: the owner invites a friend (never across a block); inviting again changes nothing. */
export async function inviteToTrip(db: Kysely<Database>, userId: string, body: TripMemberBody): Promise<null> {
  await inTransaction(db, async (trx) => {
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
    if (!trip || !member) throw new AppError('NotFound', TRIP_TEXTS.noInvite)
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
    const trip = await queries.lockTrip(trx, body.tripId)
    if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
    if (body.userId === trip.ownerId) throw new AppError('RuleViolation', TRIP_TEXTS.ownerStays)
    if (userId !== trip.ownerId && userId !== body.userId) {
      if (!(await queries.findMember(trx, body.tripId, userId))) throw new AppError('NotFound', TRIP_TEXTS.notFound)
      throw new AppError('RuleViolation', TRIP_TEXTS.ownerOnly)
    }
    if (!(await queries.deleteMember(trx, body.tripId, body.userId)))
      throw new AppError('NotFound', TRIP_TEXTS.notMember)
    await queries.deleteMemoriesOfAuthor(trx, body.tripId, body.userId)
  })
  return null
}

/** Whether anyone may read the trip by link: Public, its owner not blocked from the viewer. */
export function isPublicTrip(trip: { visibility: number }): boolean {
  return trip.visibility === VISIBILITY.Public
}
