import type { Kysely, Transaction } from 'kysely'

import type { Database, NewUser } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** Records a deletion request once: while one waits, another changes nothing and the first due time stands. */
export async function insertAccountDeletion(
  db: Db,
  request: { userId: string; requestedAt: string; dueAt: string },
): Promise<void> {
  await db
    .insertInto('account_deletions')
    .values({ user_id: request.userId, requested_at: request.requestedAt, due_at: request.dueAt, started_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
}

/** The address and name a deletion's e-mails go to: the request's notice, and the farewell read before the row goes. */
export function findAccountHolder(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirstOrThrow()
}

export function findAccountDeletion(db: Db, userId: string) {
  return db
    .selectFrom('account_deletions')
    .select(['requested_at', 'due_at', 'started_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Requests whose grace period ended by `at`, claimed or not (a claimed one whose run failed is taken again), oldest first. */
export function listDueAccountDeletions(db: Db, at: string, limit: number) {
  return db
    .selectFrom('account_deletions')
    .select('user_id as userId')
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .orderBy('user_id')
    .limit(limit)
    .execute()
}

/** Marks a due request as under way, from which moment a login no longer cancels it; answers whether one is under way. */
export async function claimAccountDeletion(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('account_deletions')
    .set((eb) => ({ started_at: eb.fn.coalesce('started_at', eb.val(at)) }))
    .where('user_id', '=', userId)
    .where('due_at', '<=', at)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Takes the claimed request out, first in the deletion's transaction: on PostgreSQL the row lock makes a concurrent run
 * wait and then find nothing, so one run deletes the account; answers whether this run took it.
 */
export async function takeClaimedAccountDeletion(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('account_deletions')
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function insertTombstone(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute()
}

/** Deletes the user's row; every row that belongs to it goes with it (ON DELETE CASCADE, see accountData.ts). */
export async function deleteUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute()
}
