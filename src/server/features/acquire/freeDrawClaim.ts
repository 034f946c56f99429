import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { newId } from '../../lib/random'

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
  const claimed = await trx
    .updateTable('draw_transactions')
    .set({ claimed_by: userId, user_id: userId })
    .where('id', '=', transactionId)
    .where('kind', '=', 'free')
    .where('claimed_by', 'is', null)
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return false
  const items = await trx
    .selectFrom('draw_items')
    .select(['position', 'card_id'])
    .where('transaction_id', '=', transactionId)
    .execute()
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
