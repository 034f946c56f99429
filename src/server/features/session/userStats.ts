import type { Kysely } from 'kysely'

import type { UserCardStats } from '@shared/session'

import type { Database } from '../../db/schema'

import { countCopiesByRarityAndCollection, type CopyGroup } from './queries'

/**
 * collectionCount: collections holding at least one owned copy; cardCount: owned copies; rarityStats: copies per rarity
 * 1–5; from the copies grouped by rarity and collection, summed both ways.
 */
export function cardStatsOf(groups: readonly CopyGroup[]): UserCardStats {
  const rarityStats = [1, 2, 3, 4, 5].map((rarity) =>
    groups.reduce((sum, group) => (group.rarity === rarity ? sum + group.count : sum), 0),
  )
  return {
    collectionCount: new Set(groups.map((group) => group.collection_id)).size,
    cardCount: rarityStats.reduce((sum, count) => sum + count, 0),
    rarityStats,
  }
}

/** A user's collection figures, in one query; getUser reads the groups with the user's row instead. */
export async function userCardStats(db: Kysely<Database>, userId: string): Promise<UserCardStats> {
  return cardStatsOf(await countCopiesByRarityAndCollection(db, userId))
}
