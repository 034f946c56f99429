import type { Kysely } from 'kysely'

import type { UserCardStats } from '@shared/session'

import type { Database } from '../../db/schema'

/**
 * collectionCount: collections holding at least one owned copy; cardCount: owned copies; rarityStats: copies per rarity 1–5.
 * One query: copies grouped by rarity and collection, summed both ways here.
 */
export async function userCardStats(db: Kysely<Database>, userId: string): Promise<UserCardStats> {
  const groups = await db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.rarity', 'card_sets.collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_cards.user_id', '=', userId)
    .groupBy(['cards.rarity', 'card_sets.collection_id'])
    .execute()
  const rarityStats = [1, 2, 3, 4, 5].map((rarity) =>
    groups.reduce((sum, group) => (group.rarity === rarity ? sum + group.count : sum), 0),
  )
  return {
    collectionCount: new Set(groups.map((group) => group.collection_id)).size,
    cardCount: rarityStats.reduce((sum, count) => sum + count, 0),
    rarityStats,
  }
}
