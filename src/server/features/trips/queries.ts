import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { notBlockedWith } from '../../db/blocks'
import { userNotSuspended } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'
import { takesRowLocks } from '../../db/transactions'
import { nowIso } from '../../lib/clock'

/** The SQL of the trips feature. */

type Reader = Kysely<Database> | Transaction<Database>

export function findTrip(db: Reader, tripId: string) {
  return db
    .selectFrom('trips')
    .select(['id', 'owner_id as ownerId', 'title', 'visibility', 'created_at as createdAt'])
    .where('id', '=', tripId)
    .executeTakeFirst()
}

/**
 * The trip's row, locked on PostgreSQL: edits of one trip's travellers and memories wait for each other (SQLite's one
 * writer serializes them already).
 */
export function lockTrip(trx: Transaction<Database>, tripId: string) {
  const query = trx
    .selectFrom('trips')
    .select(['id', 'owner_id as ownerId', 'title', 'visibility'])
    .where('id', '=', tripId)
  return (takesRowLocks(trx) ? query.forUpdate() : query).executeTakeFirst()
}

/** The trip's owner has no suspension in force at `at`: moderation keeps a suspended traveller's things from others. */
function ownerNotSuspended(eb: ExpressionBuilder<Database, 'trips'>, at: string) {
  return eb.exists(
    eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'trips.owner_id').where(userNotSuspended(at)),
  )
}

/**
 * Trips `viewerId` may open: their own and those they travel in or are invited to; a Public trip; a Friends trip of a
 * friend. Never across a block; a suspended owner's trip only to those in it, as moderation keeps the owner's things
 * from everyone else while it lasts.
 */
function openableBy(viewerId: string) {
  return (eb: ExpressionBuilder<Database, 'trips'>) =>
    eb.and([
      notBlockedWith(viewerId, 'trips.owner_id'),
      eb.or([
        eb('trips.owner_id', '=', viewerId),
        eb.exists(
          eb
            .selectFrom('trip_members')
            .select('trip_members.user_id')
            .whereRef('trip_members.trip_id', '=', 'trips.id')
            .where('trip_members.user_id', '=', viewerId),
        ),
        eb.and([
          ownerNotSuspended(eb, nowIso()),
          eb.or([
            eb('trips.visibility', '=', VISIBILITY.Public),
            eb.and([
              eb('trips.visibility', '=', VISIBILITY.Friends),
              eb.exists(
                eb
                  .selectFrom('friendships')
                  .select('friendships.friend_id')
                  .whereRef('friendships.user_id', '=', 'trips.owner_id')
                  .where('friendships.friend_id', '=', viewerId),
              ),
            ]),
          ]),
        ]),
      ]),
    ])
}

const TRIP_COLUMNS = [
  'trips.id',
  'trips.owner_id as ownerId',
  'trips.title',
  'trips.visibility',
  'trips.created_at as createdAt',
] as const

export function findVisibleTrip(db: Reader, viewerId: string, tripId: string) {
  return db
    .selectFrom('trips')
    .select(TRIP_COLUMNS)
    .where('trips.id', '=', tripId)
    .where(openableBy(viewerId))
    .executeTakeFirst()
}

/**
 * The trips `travellerId` owns or travels in (not those they are only invited to) that `viewerId` may open, newest
 * first: what the traveller's friend page lists.
 */
export function listTravelledTripsVisibleTo(db: Reader, viewerId: string, travellerId: string, limit: number) {
  return db
    .selectFrom('trips')
    .select(TRIP_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('trips.owner_id', '=', travellerId),
        eb.exists(
          eb
            .selectFrom('trip_members')
            .select('trip_members.user_id')
            .whereRef('trip_members.trip_id', '=', 'trips.id')
            .where('trip_members.user_id', '=', travellerId)
            .where('trip_members.status', '=', 'accepted'),
        ),
      ]),
    )
    .where(openableBy(viewerId))
    .orderBy('trips.created_at', 'desc')
    .orderBy('trips.id', 'desc')
    .limit(limit)
    .execute()
}

/** The trips the traveller owns, travels in or is invited to, newest first, with their standing in each. */
function tripsWithStandingOf(db: Reader, userId: string) {
  return db
    .selectFrom('trips')
    .leftJoin('trip_members', (join) =>
      join.onRef('trip_members.trip_id', '=', 'trips.id').on('trip_members.user_id', '=', userId),
    )
    .select([
      'trips.id',
      'trips.owner_id as ownerId',
      'trips.title',
      'trips.visibility',
      'trips.created_at as createdAt',
      'trip_members.status as memberStatus',
    ])
    .where((eb) => eb.or([eb('trips.owner_id', '=', userId), eb('trip_members.user_id', '=', userId)]))
    .orderBy('trips.created_at', 'desc')
    .orderBy('trips.id', 'desc')
}

/**
 * The trips the traveller owns, travels in or is invited to, as My Trips lists them: never one whose owner they
 * blocked or were blocked by (a block ends such a place; this covers one that a block from before that rule left).
 */
export function listTripsOf(db: Reader, userId: string) {
  return tripsWithStandingOf(db, userId).where(notBlockedWith(userId, 'trips.owner_id')).execute()
}

/** Every trip the traveller owns, travels in or is invited to, whatever happened since: their data, as exported. */
export function listAllTripsOf(db: Reader, userId: string) {
  return tripsWithStandingOf(db, userId).execute()
}

/**
 * The places a block between `a` and `b` ends: each trip one of them owns that the other travels in or is invited
 * to, by trip id (the order its rows are locked in).
 */
export function listPlacesBetween(db: Reader, a: string, b: string) {
  return db
    .selectFrom('trip_members')
    .innerJoin('trips', 'trips.id', 'trip_members.trip_id')
    .select(['trips.id as tripId', 'trip_members.user_id as memberId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('trips.owner_id', '=', a), eb('trip_members.user_id', '=', b)]),
        eb.and([eb('trips.owner_id', '=', b), eb('trip_members.user_id', '=', a)]),
      ]),
    )
    .orderBy('trips.id')
    .execute()
}

export function insertTrip(
  trx: Transaction<Database>,
  row: { id: string; owner_id: string; title: string; visibility: number; created_at: string; updated_at: string },
) {
  return trx.insertInto('trips').values(row).execute()
}

export function updateTrip(
  trx: Reader,
  tripId: string,
  changes: { title: string; visibility: number; updated_at: string },
) {
  return trx.updateTable('trips').set(changes).where('id', '=', tripId).execute()
}

export function deleteTrip(trx: Reader, tripId: string) {
  return trx.deleteFrom('trips').where('id', '=', tripId).execute()
}

/** The owner and every member, with their standing, owner first then by invitation. */
export function listTravellers(db: Reader, tripIds: string[]) {
  return db
    .selectFrom('trip_members')
    .innerJoin('users', 'users.id', 'trip_members.user_id')
    .select([
      'trip_members.trip_id as tripId',
      'users.id as userId',
      'users.username',
      'users.avatar_id as avatarId',
      'trip_members.status',
    ])
    .where('trip_members.trip_id', 'in', tripIds)
    .orderBy('trip_members.invited_at')
    .orderBy('users.id')
    .execute()
}

/** The names of a trip's travellers who accepted, as a public page may show them: not those suspended at `at`. */
export async function listPublicTravellerNames(db: Reader, tripId: string, at: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trip_members')
    .innerJoin('users', 'users.id', 'trip_members.user_id')
    .select('users.username')
    .where('trip_members.trip_id', '=', tripId)
    .where('trip_members.status', '=', 'accepted')
    .where(userNotSuspended(at))
    .orderBy('trip_members.invited_at')
    .orderBy('users.id')
    .execute()
  return rows.map((row) => row.username)
}

export function findUsers(db: Reader, userIds: string[]) {
  return db
    .selectFrom('users')
    .select(['id as userId', 'username', 'avatar_id as avatarId'])
    .where('id', 'in', userIds)
    .execute()
}

export function findMember(db: Reader, tripId: string, userId: string) {
  return db
    .selectFrom('trip_members')
    .select(['status'])
    .where('trip_id', '=', tripId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function countMembers(db: Reader, tripId: string): Promise<number> {
  const row = await db
    .selectFrom('trip_members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('trip_id', '=', tripId)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Invites once: inviting again changes nothing (the primary key). Answers whether a row was added. */
export async function insertInvite(trx: Reader, tripId: string, userId: string, at: string): Promise<boolean> {
  const result = await trx
    .insertInto('trip_members')
    .values({ trip_id: tripId, user_id: userId, status: 'invited', invited_at: at, answered_at: null })
    .onConflict((oc) => oc.columns(['trip_id', 'user_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function acceptInvite(trx: Reader, tripId: string, userId: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('trip_members')
    .set({ status: 'accepted', answered_at: at })
    .where('trip_id', '=', tripId)
    .where('user_id', '=', userId)
    .where('status', '=', 'invited')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteMember(trx: Reader, tripId: string, userId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('trip_members')
    .where('trip_id', '=', tripId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The memories in the trips, each with its author, place and dates. */
export function listTripMemories(db: Reader, tripIds: string[]) {
  return db
    .selectFrom('trip_memories')
    .innerJoin('memories', 'memories.id', 'trip_memories.memory_id')
    .innerJoin('user_cards', 'user_cards.id', 'memories.user_card_id')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select([
      'trip_memories.trip_id as tripId',
      'memories.id as memoryId',
      'memories.user_id as authorId',
      'memories.start_date as startDate',
      'memories.end_date as endDate',
      'memories.created_at as createdAt',
      'card_sets.id as cardSetId',
      'card_sets.name as place',
      'cards.id as cardId',
    ])
    .where('trip_memories.trip_id', 'in', tripIds)
    .execute()
}

export function findMemoryForTrip(db: Reader, memoryId: string) {
  return db
    .selectFrom('memories')
    .leftJoin('trip_memories', 'trip_memories.memory_id', 'memories.id')
    .leftJoin('trips', 'trips.id', 'trip_memories.trip_id')
    .select([
      'memories.id',
      'memories.user_id as authorId',
      'trip_memories.trip_id as tripId',
      'trips.title as tripTitle',
    ])
    .where('memories.id', '=', memoryId)
    .executeTakeFirst()
}

export async function countTripMemories(db: Reader, tripId: string): Promise<number> {
  const row = await db
    .selectFrom('trip_memories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('trip_id', '=', tripId)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Adds the memories; one already in a trip stays where it is (the primary key), and the answer counts those added. */
export async function insertTripMemories(
  trx: Reader,
  tripId: string,
  memoryIds: string[],
  at: string,
): Promise<number> {
  if (memoryIds.length === 0) return 0
  const result = await trx
    .insertInto('trip_memories')
    .values(memoryIds.map((memoryId) => ({ memory_id: memoryId, trip_id: tripId, added_at: at })))
    .onConflict((oc) => oc.column('memory_id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0)
}

export async function deleteTripMemory(trx: Reader, tripId: string, memoryId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('trip_memories')
    .where('trip_id', '=', tripId)
    .where('memory_id', '=', memoryId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** A removed member's memories leave the trip with them. */
export function deleteMemoriesOfAuthor(trx: Reader, tripId: string, authorId: string) {
  return trx
    .deleteFrom('trip_memories')
    .where('trip_id', '=', tripId)
    .where('memory_id', 'in', (eb) =>
      eb.selectFrom('memories').select('memories.id').where('memories.user_id', '=', authorId),
    )
    .execute()
}

export function listOwnMemoryIds(db: Reader, userId: string, memoryIds: string[]) {
  return db.selectFrom('memories').select('id').where('user_id', '=', userId).where('id', 'in', memoryIds).execute()
}

export async function areFriends(db: Reader, userId: string, friendId: string): Promise<boolean> {
  const row = await db
    .selectFrom('friendships')
    .select('friend_id')
    .where('user_id', '=', userId)
    .where('friend_id', '=', friendId)
    .executeTakeFirst()
  return row !== undefined
}

/** A trip owner as a public page may show them: not while suspended. */
export function findPublicOwner(db: Reader, userId: string, at: string) {
  return db
    .selectFrom('users')
    .select(['username', 'avatar_id as avatarId', 'friend_code as friendCode'])
    .where('id', '=', userId)
    .where(userNotSuspended(at))
    .executeTakeFirst()
}

export function listMemoryContents(db: Reader, memoryIds: string[]) {
  if (memoryIds.length === 0) return Promise.resolve([])
  return db.selectFrom('memories').select(['id', 'content']).where('id', 'in', memoryIds).execute()
}
