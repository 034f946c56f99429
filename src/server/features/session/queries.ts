import type { Kysely, Transaction } from 'kysely'

import type { Database, NewUser, SessionsTable } from '../../db/schema'

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

/** The user row with how many memories and friends they have: one round trip instead of three. */
export function findUserWithCounts(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .selectAll()
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
    ])
    .where('id', '=', userId)
    .executeTakeFirst()
}

export function findExperience(db: Db, userId: string) {
  return db.selectFrom('users').select('experience').where('id', '=', userId).executeTakeFirstOrThrow()
}

export async function updateProfile(db: Db, userId: string, profile: { username: string; avatarId: number }) {
  await db
    .updateTable('users')
    .set({ username: profile.username, avatar_id: profile.avatarId })
    .where('id', '=', userId)
    .execute()
}

/** Copies grouped by rarity and collection, for the collection figures of a profile. */
export function countCopiesByRarityAndCollection(db: Db, userId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.rarity', 'card_sets.collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_cards.user_id', '=', userId)
    .groupBy(['cards.rarity', 'card_sets.collection_id'])
    .execute()
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
