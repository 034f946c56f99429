import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { newId } from '../../lib/random'
import { createDrawnCopy } from '../copies/service'

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
    await createDrawnCopy(
      trx,
      {
        id: newId(),
        userId,
        cardId: item.card_id,
        acquisition: 'free_draw',
        transactionId,
        createdAt: nowIso(),
      },
      { transactionId, position: item.position },
    )
  }
  return true
}
