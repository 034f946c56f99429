import type { Transaction } from 'kysely'

import type { Database, UserCardsTable } from '../../db/schema'

/** The copies of one acquisition, in one statement. */
export async function insertUserCards(trx: Transaction<Database>, copies: UserCardsTable[]): Promise<void> {
  if (copies.length === 0) return
  await trx.insertInto('user_cards').values(copies).execute()
}

export async function linkDrawItem(
  trx: Transaction<Database>,
  transactionId: string,
  position: number,
  userCardId: string,
): Promise<void> {
  await trx
    .updateTable('draw_items')
    .set({ user_card_id: userCardId, is_new: 1 })
    .where('transaction_id', '=', transactionId)
    .where('position', '=', position)
    .execute()
}

export async function unlinkDrawItems(trx: Transaction<Database>, userCardId: string): Promise<void> {
  await trx.updateTable('draw_items').set({ user_card_id: null }).where('user_card_id', '=', userCardId).execute()
}

export async function deleteUserCard(trx: Transaction<Database>, userId: string, userCardId: string): Promise<void> {
  await trx.deleteFrom('user_cards').where('id', '=', userCardId).where('user_id', '=', userId).execute()
}

/** The condition is part of the DELETE, so it holds under concurrency; answers whether the copy went. */
export async function deleteUserCardWithoutMemory(
  trx: Transaction<Database>,
  userId: string,
  userCardId: string,
): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('user_cards')
    .where('id', '=', userCardId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('memories').select('memories.id').whereRef('memories.user_card_id', '=', 'user_cards.id'),
        ),
      ),
    )
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}
