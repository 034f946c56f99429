import { sql, type Kysely, type Transaction } from 'kysely'

import type { UserCardStats } from '@shared/session'

import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function findUserByFriendCode(db: Db, friendCode: string) {
  return db.selectFrom('users').select(['id', 'username']).where('friend_code', '=', friendCode).executeTakeFirst()
}

export async function findFriendOf(db: Db, userId: string, friendId: string) {
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select(['users.id', 'users.username'])
    .where('friendships.user_id', '=', userId)
    .where('friendships.friend_id', '=', friendId)
    .executeTakeFirst()
}

/** What a friend list entry and a friend's page show of a friend, and when the friendship began. */
const FRIEND_COLUMNS = [
  'users.id',
  'users.username',
  'users.avatar_id',
  'users.experience',
  'users.friend_code',
  'friendships.created_at',
] as const

/** The friend's public profile and when the friendship began; undefined for anyone who is not the user's friend. */
export async function findFriendProfile(db: Db, userId: string, friendId: string) {
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select([...FRIEND_COLUMNS, 'users.created_at as member_since'])
    .where('friendships.user_id', '=', userId)
    .where('friendships.friend_id', '=', friendId)
    .executeTakeFirst()
}

/** Both directions go together: a friendship always holds both ways. */
export async function deleteFriendship(db: Db, userId: string, friendId: string): Promise<number> {
  const deleted = await db
    .deleteFrom('friendships')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userId), eb('friend_id', '=', friendId)]),
        eb.and([eb('user_id', '=', friendId), eb('friend_id', '=', userId)]),
      ]),
    )
    .executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

export async function listFriends(db: Db, userId: string) {
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select(FRIEND_COLUMNS)
    .where('friendships.user_id', '=', userId)
    .orderBy('friendships.created_at', 'desc')
    .orderBy('users.username')
    .execute()
}

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

export async function searchFriendsByName(db: Db, userId: string, name: string, limit: number) {
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select(['users.id', 'users.username', 'users.avatar_id', 'users.experience'])
    .where('friendships.user_id', '=', userId)
    .where(sql<boolean>`lower(${sql.ref('users.username')}) like ${containsPattern(name)} escape '\\'`)
    .orderBy('users.username')
    .limit(limit)
    .execute()
}

/** The same figures as session's userCardStats, for many users in two queries. */
export async function listUserCardStats(db: Db, userIds: string[]): Promise<Map<string, UserCardStats>> {
  const stats = new Map<string, UserCardStats>(
    userIds.map((id) => [id, { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] }]),
  )
  if (userIds.length === 0) return stats
  const perRarity = await db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .select(['user_cards.user_id', 'cards.rarity', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_cards.user_id', 'in', userIds)
    .groupBy(['user_cards.user_id', 'cards.rarity'])
    .execute()
  const collections = await db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['user_cards.user_id', (eb) => eb.fn.count<number>('card_sets.collection_id').distinct().as('count')])
    .where('user_cards.user_id', 'in', userIds)
    .groupBy('user_cards.user_id')
    .execute()
  for (const row of perRarity) {
    const entry = stats.get(row.user_id)
    const rarity = row.rarity
    if (!entry || rarity < 1 || rarity > 5) continue
    entry.rarityStats[rarity - 1] = row.count
    entry.cardCount += row.count
  }
  for (const row of collections) {
    const entry = stats.get(row.user_id)
    if (entry) entry.collectionCount = row.count
  }
  return stats
}

export function findUsername(db: Db, userId: string) {
  return db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()
}

/** Both directions in one statement; answers how many of them were new. */
export async function insertFriendship(db: Db, userId: string, friendId: string, createdAt: string): Promise<number> {
  const inserted = await db
    .insertInto('friendships')
    .values([
      { user_id: userId, friend_id: friendId, created_at: createdAt },
      { user_id: friendId, friend_id: userId, created_at: createdAt },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0)
}
