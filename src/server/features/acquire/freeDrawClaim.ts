import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { newId } from '../../lib/random'

import { claimFreeDrawTransaction, listDrawItems } from './queries'

/**
 * Puts a visitor's free-draw card into the collection of the account registered with it.
 * The claim is a conditional update (unclaimed free draws only) guarded by a unique claimed_by,
 * so a free card is claimed once and an account claims one free card.
 */
export async function claimFreeDraw(
  trx: Transaction<Database>,
  userId: string,
  transactionId: string,
): Promise<boolean> {
  if (!(await claimFreeDrawTransaction(trx, transactionId, userId))) return false
  const items = await listDrawItems(trx, transactionId)
  for (const item of items) {
    if (!item.card_id) continue
    const userCardId = newId()
    await trx
      .insertInto('user_cards')
      .values({
        id: userCardId,
        user_id: userId,
        card_id: item.card_id,
        acquisition: 'free_draw',
        transaction_id: transactionId,
        created_at: nowIso(),
      })
      .execute()
    await trx
      .updateTable('draw_items')
      .set({ user_card_id: userCardId, is_new: 1 })
      .where('transaction_id', '=', transactionId)
      .where('position', '=', item.position)
      .execute()
  }
  return true
}
