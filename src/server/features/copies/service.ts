import type { Transaction } from 'kysely'

import { runStatement, type BoundStatement } from '../../db/compiledOnce'
import type { Database } from '../../db/schema'

import * as queries from './queries'

/**
 * A copy's life: the one place that writes `user_cards` rows and keeps the draw results that point at them in step.
 * Acquiring makes copies, transferring a memory exchanges one, recycling deletes one, a gift moves one to another
 * owner; each caller brings its own transaction and rules, this module keeps the rows consistent.
 */

/** How a copy came to its owner. */
export type Acquisition = 'pick' | 'draw' | 'free_draw' | 'transfer' | 'gift' | 'souvenir'

export interface NewCopy {
  id: string
  userId: string
  cardId: string
  acquisition: Acquisition
  /** The draw, pick or transfer that made it; for a souvenir, the visit (draft) that earned it. */
  transactionId: string
  createdAt: string
  /** A souvenir's visit day: the unique key allows one per place and day (docs/product.md#souvenir-copies). */
  souvenirDay?: string
}

/**
 * The statement that adds the copies of one acquisition, not yet run: a purchase sends it with its other rows
 * (`inOneStatement`). Undefined for no copies.
 */
export function copiesInsert(copies: readonly NewCopy[]): BoundStatement | undefined {
  return queries.userCardsInsert(
    copies.map((copy) => ({
      id: copy.id,
      user_id: copy.userId,
      card_id: copy.cardId,
      acquisition: copy.acquisition,
      transaction_id: copy.transactionId,
      created_at: copy.createdAt,
      souvenir_day: copy.souvenirDay ?? null,
    })),
  )
}

/** Adds the copies of one acquisition in one statement. */
export async function createCopies(trx: Transaction<Database>, copies: readonly NewCopy[]): Promise<void> {
  const insert = copiesInsert(copies)
  if (insert) await runStatement(trx, insert)
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

/**
 * Takes the owner's copy for the rest of the transaction (an UPDATE that changes nothing: a row lock on PostgreSQL;
 * SQLite runs one writer at a time anyway) and answers whether it is still theirs. Whoever writes a memory on a copy or
 * moves it takes this lock first, so a gift and a new memory on one copy never both pass their checks.
 */
export async function lockOwnedCopy(trx: Transaction<Database>, ownerId: string, userCardId: string): Promise<boolean> {
  return (await queries.lockUserCards(trx, ownerId, { userCardId })).length === 1
}

/** Takes every copy of a card the owner has, as lockOwnedCopy does, and answers their ids as they are once taken. */
export async function lockOwnedCopiesOfCard(
  trx: Transaction<Database>,
  ownerId: string,
  cardId: string,
): Promise<string[]> {
  return queries.lockUserCards(trx, ownerId, { cardId })
}

/**
 * Moves a copy to another owner as a gift: the same row, card and rarity, acquired now with acquisition 'gift'.
 * The owner is part of the UPDATE, so a copy moves once however many gifts race; false when it was no longer theirs.
 */
export async function giveCopy(
  trx: Transaction<Database>,
  gift: { userCardId: string; fromUserId: string; toUserId: string; giftId: string; givenAt: string },
): Promise<boolean> {
  const moved = await queries.moveUserCard(trx, gift.userCardId, gift.fromUserId, {
    user_id: gift.toUserId,
    acquisition: 'gift',
    transaction_id: gift.giftId,
    created_at: gift.givenAt,
  })
  // The giver's draw still shows the card it gave; the copy is the friend's now, so it no longer links to it.
  if (moved) await queries.unlinkDrawItems(trx, gift.userCardId)
  return moved
}
