import type { Kysely } from 'kysely'

import type { UserCardStats } from '@shared/session'

import type { Database } from '../../db/schema'

/** collectionCount: collections holding at least one owned copy; cardCount: owned copies; rarityStats: copies per rarity 1–5. */
export async function userCardStats(db: Kysely<Database>, userId: string): Promise<UserCardStats> {
  const perRarity = await db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .select(['cards.rarity', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_cards.user_id', '=', userId)
    .groupBy('cards.rarity')
    .execute()
  const collections = await db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select((eb) => eb.fn.count<number>('card_sets.collection_id').distinct().as('count'))
    .where('user_cards.user_id', '=', userId)
    .executeTakeFirst()
  const rarityStats = [1, 2, 3, 4, 5].map((rarity) => perRarity.find((row) => row.rarity === rarity)?.count ?? 0)
  return {
    collectionCount: collections?.count ?? 0,
    cardCount: rarityStats.reduce((sum, count) => sum + count, 0),
    rarityStats,
  }
}

export async function countMemories(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.count ?? 0
}

export async function countFriends(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('friendships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.count ?? 0
}
