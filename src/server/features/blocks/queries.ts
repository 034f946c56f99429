import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** A traveller who can be blocked or muted: an account, not an erased one's anonymised tombstone. */
export function findTraveller(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
}

/** Answers whether the block is new; a second block of the same traveller changes nothing. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, createdAt: string): Promise<boolean> {
  const result = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<number> {
  const result = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function insertMute(db: Db, muterId: string, mutedId: string, createdAt: string): Promise<boolean> {
  const result = await db
    .insertInto('mutes')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<number> {
  const result = await db
    .deleteFrom('mutes')
    .where('muter_id', '=', muterId)
    .where('muted_id', '=', mutedId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The travellers the user blocked, by name. */
export function listBlocked(db: Db, userId: string) {
  return db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id', 'users.username', 'users.avatar_id', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', userId)
    .orderBy('users.username')
    .execute()
}

/** The travellers the user muted, by name. */
export function listMuted(db: Db, userId: string) {
  return db
    .selectFrom('mutes')
    .innerJoin('users', 'users.id', 'mutes.muted_id')
    .select(['users.id', 'users.username', 'users.avatar_id', 'mutes.created_at'])
    .where('mutes.muter_id', '=', userId)
    .orderBy('users.username')
    .execute()
}
