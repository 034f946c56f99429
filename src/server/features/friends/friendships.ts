import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'

/** Makes two users friends both ways; returns false when they already were. */
export async function befriend(trx: Transaction<Database>, userId: string, friendId: string): Promise<boolean> {
  const createdAt = nowIso()
  const inserted = await trx
    .insertInto('friendships')
    .values([
      { user_id: userId, friend_id: friendId, created_at: createdAt },
      { user_id: friendId, friend_id: userId, created_at: createdAt },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}
