import type { Transaction } from 'kysely'

import { compiledPerShape, rowValues, type BoundStatement, type RowValues, type ValueOf } from '../../db/compiledOnce'
import type { Database, UserCardsTable } from '../../db/schema'

/** A copy's row as an acquisition writes it: every column given, the souvenir day null for all but souvenirs. */
export type NewUserCardRow = Omit<UserCardsTable, 'souvenir_day'> & { souvenir_day: string | null }

/** Compiled once per number of copies: a pick makes one, a draw one to ten. */
const userCardRows = compiledPerShape((db, value: ValueOf<RowValues<NewUserCardRow>>, shape) =>
  db.insertInto('user_cards').values(
    Array.from({ length: Number(shape) }, (_, index) => ({
      id: value(`id${index}`),
      user_id: value(`user_id${index}`),
      card_id: value(`card_id${index}`),
      acquisition: value(`acquisition${index}`),
      transaction_id: value(`transaction_id${index}`),
      created_at: value(`created_at${index}`),
      souvenir_day: value(`souvenir_day${index}`),
    })),
  ),
)

/** The insert of one acquisition's copies with their values, to run alone or in a purchase's statement; none for none. */
export function userCardsInsert(copies: readonly NewUserCardRow[]): BoundStatement | undefined {
  if (copies.length === 0) return undefined
  return userCardRows.withValues(String(copies.length), rowValues(copies))
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

/** An UPDATE that changes nothing but takes the rows it matches; answers the ids taken, as they are once taken. */
export async function lockUserCards(
  trx: Transaction<Database>,
  ownerId: string,
  which: { userCardId: string } | { cardId: string },
): Promise<string[]> {
  const rows = await trx
    .updateTable('user_cards')
    .set((eb) => ({ user_id: eb.ref('user_id') }))
    .where('user_id', '=', ownerId)
    .$call((query) =>
      'userCardId' in which ? query.where('id', '=', which.userCardId) : query.where('card_id', '=', which.cardId),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

export async function moveUserCard(
  trx: Transaction<Database>,
  userCardId: string,
  fromUserId: string,
  to: Pick<UserCardsTable, 'user_id' | 'acquisition' | 'transaction_id' | 'created_at'>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('user_cards')
    .set(to)
    .where('id', '=', userCardId)
    .where('user_id', '=', fromUserId)
    .executeTakeFirst()
  return Number(moved.numUpdatedRows) === 1
}
