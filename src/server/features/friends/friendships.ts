import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'

import { insertFriendship } from './queries'

/** Makes two users friends both ways; returns false when they already were. */
export async function befriend(trx: Transaction<Database>, userId: string, friendId: string): Promise<boolean> {
  return (await insertFriendship(trx, userId, friendId, nowIso())) > 0
}
