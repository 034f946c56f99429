import type { Kysely, Transaction } from 'kysely'

import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import { jsonRowsOf, parsedJsonRows } from '../../db/jsonRows'
import type { Database, EmailVerificationsTable, NewUser, PasswordResetsTable, SessionsTable } from '../../db/schema'
import { takesRowLocks } from '../../db/transactions'

type Db = Kysely<Database> | Transaction<Database>

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
}

/** Usernames are unique regardless of case; `exceptUserId` leaves out the user who already holds the name. */
export function findUserIdByUsername(db: Db, username: string, exceptUserId?: string) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId)
  return query.executeTakeFirst()
}

/** A user other than `exceptUserId` whose username has this confusable skeleton: one that looks the same. */
export function findUserIdBySkeleton(db: Db, skeleton: string, exceptUserId?: string) {
  let query = db.selectFrom('users').select('id').where('username_skeleton', '=', skeleton)
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId)
  return query.executeTakeFirst()
}

export function findUserByFriendCode(db: Db, friendCode: string) {
  return db.selectFrom('users').select(['id', 'username']).where('friend_code', '=', friendCode).executeTakeFirst()
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute()
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

export function findBalances(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['digital_credit', 'physical_credit'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

/** A user's copies counted per rarity and collection: the figures of their profile. */
export interface CopyGroup {
  rarity: number
  collection_id: string
  count: number
}

function copiesByRarityAndCollectionQuery(db: Db, userId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.rarity', 'card_sets.collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_cards.user_id', '=', userId)
    .groupBy(['cards.rarity', 'card_sets.collection_id'])
}

const userWithCounts = compiledOnce((db, value: ValueOf<{ userId: string }>) => {
  const copyGroups = copiesByRarityAndCollectionQuery(db, value('userId'))
  return db
    .selectFrom('users')
    .select([
      'id',
      'avatar_id',
      'username',
      'email',
      'digital_credit',
      'physical_credit',
      'digital_credit_owed',
      'physical_credit_owed',
      'experience',
      'friend_code',
      'created_at',
      'email_verified_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('memories')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('memories.user_id', '=', 'users.id')
        .as('memory_count'),
      eb
        .selectFrom('friendships')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('friendships.user_id', '=', 'users.id')
        .as('friend_count'),
      jsonRowsOf(db, copyGroups).as('copy_groups'),
    ])
    .where('id', '=', value('userId'))
})

/**
 * The user row with how many memories and friends they have, and their copies per rarity and collection: one statement
 * (one round trip on PostgreSQL) instead of four. Read on every getUser.
 */
export async function findUserWithCounts(db: Db, userId: string) {
  const [user] = await userWithCounts(db, { userId })
  if (!user) return undefined
  const { copy_groups: copyGroups, ...row } = user
  return { ...row, copyGroups: parsedJsonRows<CopyGroup>(copyGroups) }
}

/** Copies grouped by rarity and collection, for the collection figures of a profile. */
export function countCopiesByRarityAndCollection(db: Db, userId: string): Promise<CopyGroup[]> {
  return copiesByRarityAndCollectionQuery(db, userId).execute()
}

export async function insertSession(db: Db, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

export async function revokeSession(db: Db, tokenHash: string, revokedAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: revokedAt })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Answers how many sessions went. */
export async function deleteSessionsExpiredBy(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The user and expiry of a session that is neither revoked nor expired at `at`. */
export function findLiveSession(db: Db, tokenHash: string, at: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()
}

/** Revokes every live session of the user; answers their token hashes, so every instance's cache can forget them. */
export async function revokeLiveSessionsOf(db: Db, userId: string, at: string): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('token_hash')
    .execute()
  return rows.map((row) => row.token_hash)
}

/** The account's deletion request, if one waits: a login cancels it (features/account records and carries it out). */
export function findAccountDeletion(db: Db, userId: string) {
  return db
    .selectFrom('account_deletions')
    .select(['requested_at', 'due_at', 'started_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Cancels the request only within its grace period and before the job claimed it; answers whether it was cancelled. */
export async function cancelAccountDeletion(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .deleteFrom('account_deletions')
    .where('user_id', '=', userId)
    .where('started_at', 'is', null)
    .where('due_at', '>', at)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export function findUserById(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
}

export async function insertPasswordReset(db: Db, reset: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute()
}

export function findPasswordReset(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** Uses the link once: of two resets racing with one link, one updates the row and the other finds it used. */
export async function usePasswordReset(db: Db, tokenHash: string, at: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id
}

/** A new password makes every other link of the account useless. */
export async function useOpenPasswordResetsOf(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** Links that expired by `at` are no use to anyone; answers how many went. */
export async function deletePasswordResetsExpiredBy(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * The first lock of every transaction that changes a user's password or e-mail (docs/security.md#locks): the user's
 * row `FOR UPDATE` on PostgreSQL, as an account's erasure takes it, so a change and an erasure meet on this row and one
 * waits for the other; on SQLite an UPDATE that changes nothing takes the one write lock. False when the account is gone.
 */
export async function lockUserRow(trx: Transaction<Database>, userId: string): Promise<boolean> {
  if (takesRowLocks(trx)) {
    const locked = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()
    return locked !== undefined
  }
  const locked = await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  return locked !== undefined
}

/** Revokes every live session of the user but `keptTokenHash`; answers the revoked token hashes. */
/** Closes the account's requests whose link to the new address was not used yet. */
export async function cancelOpenEmailChangesOf(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ cancelled_at: at })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute()
}

/**
 * Voids the undo links of the account's confirmed changes: once an undo has given the account back to its owner, the
 * undo link of any other change (sent to an address whoever changed it may hold) must not take it away again.
 */
/** Uses the link to the new address once: of two confirmations racing, one updates the row and the other finds it used. */
/** Uses the undo link once, within its days. */
/**
 * Deletes requests no link of which can still be used by `at`: unconfirmed ones past their expiry, confirmed ones past
 * their undo days; answers how many went.
 */
export async function deleteEmailChangesExpiredBy(db: Db, at: string): Promise<number> {
  const result = await db
    .deleteFrom('email_changes')
    .where((eb) =>
      eb.or([
        eb.and([eb('confirmed_at', 'is', null), eb('expires_at', '<=', at)]),
        eb.and([eb('confirmed_at', 'is not', null), eb('undo_expires_at', '<=', at)]),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function insertEmailVerification(db: Db, verification: EmailVerificationsTable): Promise<void> {
  await db.insertInto('email_verifications').values(verification).execute()
}

export function findEmailVerification(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_verifications')
    .select(['user_id', 'email', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** Uses the link once: of two uses racing with one link, one updates the row and the other finds it used. */
export async function useEmailVerification(db: Db, tokenHash: string, at: string) {
  return db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['user_id', 'email'])
    .executeTakeFirst()
}

/** A confirmed address makes every other link of the account useless. */
export async function useOpenEmailVerificationsOf(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/**
 * Marks the account's address confirmed, only while it is still `email` and not confirmed yet; answers whether this
 * call confirmed it, so what a confirmation pays happens once however many links race.
 */
export async function markEmailVerified(db: Db, userId: string, email: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Links that expired by `at` are no use to anyone; answers how many went. */
export async function deleteEmailVerificationsExpiredBy(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('email_verifications').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}
