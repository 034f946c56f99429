import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'

import * as queries from './queries'

/**
 * A copy's life: the one place that writes `user_cards` rows and keeps the draw results that point at them in step.
 * Acquiring makes copies, transferring a memory exchanges one, recycling deletes one; each caller brings its own
 * transaction and rules, this module keeps the rows consistent.
 */

/** How a copy came to its owner. */
export type Acquisition = 'pick' | 'draw' | 'free_draw' | 'transfer'

export interface NewCopy {
  id: string
  userId: string
  cardId: string
  acquisition: Acquisition
  /** The draw, pick or transfer that made it. */
  transactionId: string
  createdAt: string
}

/** Adds the copies of one acquisition in one statement. */
export async function createCopies(trx: Transaction<Database>, copies: readonly NewCopy[]): Promise<void> {
  await queries.insertUserCards(
    trx,
    copies.map((copy) => ({
      id: copy.id,
      user_id: copy.userId,
      card_id: copy.cardId,
      acquisition: copy.acquisition,
      transaction_id: copy.transactionId,
      created_at: copy.createdAt,
    })),
  )
}

/** Gives a drawn card, recorded before it had an owner, its copy: the draw result now opens that copy. */
export async function createDrawnCopy(
  trx: Transaction<Database>,
  copy: NewCopy,
  drawItem: { transactionId: string; position: number },
): Promise<void> {
  await createCopies(trx, [copy])
  await queries.linkDrawItem(trx, drawItem.transactionId, drawItem.position, copy.id)
}

/** Removes the owner's copy; draw results keep showing the card they gave, only the link to the copy goes. */
export async function deleteCopy(trx: Transaction<Database>, userId: string, userCardId: string): Promise<void> {
  await queries.unlinkDrawItems(trx, userCardId)
  await queries.deleteUserCard(trx, userId, userCardId)
}

/**
 * Removes the owner's copy only while no memory sits on it, decided by the DELETE itself so that it holds under
 * concurrency; answers false when the copy was not removed (not theirs, gone, or remembered).
 */
export async function deleteCopyWithoutMemory(
  trx: Transaction<Database>,
  userId: string,
  userCardId: string,
): Promise<boolean> {
  if (!(await queries.deleteUserCardWithoutMemory(trx, userId, userCardId))) return false
  await queries.unlinkDrawItems(trx, userCardId)
  return true
}
