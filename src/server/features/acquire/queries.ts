import { sql, type Kysely, type Transaction } from 'kysely'

import {
  compiledOnce,
  compiledPerShape,
  inOneStatement,
  rowValues,
  runStatement,
  type BoundStatement,
  type RowValues,
  type ValueOf,
} from '../../db/compiledOnce'
import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

const drawTransaction = compiledOnce(
  (
    db,
    value: ValueOf<{
      id: string
      userId: string | null
      kind: 'draw' | 'draw10' | 'free' | 'pick'
      price: number
      expGainResult: string | null
      createdAt: string
    }>,
  ) =>
    db.insertInto('draw_transactions').values({
      id: value('id'),
      user_id: value('userId'),
      kind: value('kind'),
      price: value('price'),
      exp_gain_result: value('expGainResult'),
      claimed_by: null,
      created_at: value('createdAt'),
    }),
)

interface DrawTransaction {
  id: string
  userId: string | null
  kind: 'draw' | 'draw10' | 'free' | 'pick'
  price: number
  createdAt: string
  expGainResult: unknown
}

function drawTransactionInsert(values: DrawTransaction): BoundStatement {
  return drawTransaction.withValues({
    ...values,
    expGainResult: values.expGainResult == null ? null : JSON.stringify(values.expGainResult),
  })
}

/** Written by every free draw; a purchase writes its own with its items (`recordPurchase`). */
export async function insertDrawTransaction(trx: Transaction<Database>, values: DrawTransaction): Promise<void> {
  await runStatement(trx, drawTransactionInsert(values))
}

export async function insertDrawItems(
  trx: Transaction<Database>,
  items: {
    transactionId: string
    position: number
    cardId: string | null
    userCardId: string | null
    isNew: boolean
  }[],
): Promise<void> {
  if (items.length === 0) return
  await trx
    .insertInto('draw_items')
    .values(
      items.map((item) => ({
        transaction_id: item.transactionId,
        position: item.position,
        card_id: item.cardId,
        user_card_id: item.userCardId,
        is_new: item.isNew ? 1 : 0,
      })),
    )
    .execute()
}

interface PurchasedItem {
  position: number
  cardId: string | null
  userCardId: string | null
}

/** Compiled once per pattern of cards and certificates among the items (a pick's one card, a draw's one or ten slots). */
const purchasedItemRows = compiledPerShape(
  (db, value: ValueOf<{ transactionId: string; buyerId?: string } & RowValues<PurchasedItem>>, shape) =>
    db
      .insertInto('draw_items')
      .values(
        shape.split(',').map((slot, index) => ({
          transaction_id: value('transactionId'),
          position: value(`position${index}`),
          card_id: value(`cardId${index}`),
          user_card_id: value(`userCardId${index}`),
          is_new:
            slot === 'certificate'
              ? 0
              : sql<number>`(case when exists (
                  select 1 from user_cards
                  where user_id = ${value('buyerId')} and card_id = ${value(`cardId${index}`)}
                    and (transaction_id is null or transaction_id <> ${value('transactionId')})
                ) then 0 else 1 end)`,
        })),
      )
      .returning(['position', 'is_new']),
)

/** A draw's experience and its guarantee's counter, added after the roll; the debit's update holds the row. */
const experienceAndPity = compiledOnce(
  (db, value: ValueOf<{ userId: string; gained: number; drawsSinceEpic: number }>) =>
    db
      .updateTable('users')
      .set({ experience: sql`experience + ${value('gained')}`, draws_since_epic: value('drawsSinceEpic') })
      .where('id', '=', value('userId')),
)

/** What a purchase writes after its debit. */
export interface PurchaseRecord {
  transaction: DrawTransaction & { userId: string }
  /** The copies' insert (copies feature); none when a draw gave only a certificate. */
  copies: BoundStatement | undefined
  /** A draw's experience, known once it has rolled. */
  experience?: { gained: number; drawsSinceEpic: number }
  items: PurchasedItem[]
}

/**
 * Writes a purchase's transaction, copies, items and a draw's experience: one statement on PostgreSQL, where each was a
 * round trip (db/compiledOnce.ts, `inOneStatement`). Each item is marked new when the buyer held no copy of its card
 * before this purchase; the items' insert asks that itself (copies made by this purchase aside, and a copy with no
 * purchase counts) and answers it per position, so no read goes before the write. Called after the debit, whose update
 * holds the buyer's row, so a concurrent purchase's copies are either counted or not yet there. Asked per card with
 * EXISTS, which stays a few index probes however many copies of a card a collector has piled up.
 */
export async function recordPurchase(
  trx: Transaction<Database>,
  { transaction, copies, experience, items }: PurchaseRecord,
): Promise<Map<number, boolean>> {
  const buyerId = transaction.userId
  const writes = [
    ...(experience ? [experienceAndPity.withValues({ userId: buyerId, ...experience })] : []),
    drawTransactionInsert(transaction),
    ...(copies ? [copies] : []),
  ]
  // A certificate's slot holds no card; every other item is asked whether it is new.
  const shape = items.map((item) => (item.cardId === null ? 'certificate' : 'card')).join(',')
  const itemsInsert = purchasedItemRows.withValues(shape, {
    transactionId: transaction.id,
    ...(items.some((item) => item.cardId !== null) ? { buyerId } : {}),
    ...rowValues(items),
  })
  const rows = await inOneStatement(trx, writes, itemsInsert)
  return new Map(rows.map((row) => [row.position, row.is_new === 1]))
}

export function findDrawTransaction(db: Db, transactionId: string) {
  return db.selectFrom('draw_transactions').selectAll().where('id', '=', transactionId).executeTakeFirst()
}

export function listDrawnCards(db: Db, transactionId: string) {
  return db
    .selectFrom('draw_items')
    .innerJoin('cards', 'cards.id', 'draw_items.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select([
      'cards.id as cardId',
      'card_sets.name as cardName',
      'cards.rarity as cardRarity',
      'draw_items.user_card_id as userCardId',
      'draw_items.is_new as isNew',
    ])
    .where('draw_items.transaction_id', '=', transactionId)
    .orderBy('draw_items.position')
    .execute()
}

export function findDrawCertificate(db: Db, userId: string, transactionId: string) {
  return db
    .selectFrom('credit_certificates')
    .select(['id', 'credit_value', 'redeem_code', 'redeemed_at'])
    .where('source', '=', 'draw')
    .where('source_ref', '=', transactionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** A paid draw with only what its public share page may show of the drawer. */
export function findSharedDraw(db: Db, transactionId: string) {
  return db
    .selectFrom('draw_transactions')
    .innerJoin('users', 'users.id', 'draw_transactions.user_id')
    .select([
      'draw_transactions.id',
      'draw_transactions.kind',
      'draw_transactions.created_at',
      'users.username',
      'users.friend_code',
    ])
    .where('draw_transactions.id', '=', transactionId)
    .where('draw_transactions.kind', 'in', ['draw', 'draw10'])
    .executeTakeFirst()
}

export async function findDrawsSinceEpic(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('draws_since_epic').where('id', '=', userId).executeTakeFirstOrThrow()
  return row.draws_since_epic
}

/** Gives an unclaimed free draw to the user; answers false when it is not one (unknown, paid or already claimed). */
export async function claimFreeDrawTransaction(
  trx: Transaction<Database>,
  transactionId: string,
  userId: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('draw_transactions')
    .set({ claimed_by: userId, user_id: userId })
    .where('id', '=', transactionId)
    .where('kind', '=', 'free')
    .where('claimed_by', 'is', null)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

export function listDrawItems(db: Db, transactionId: string) {
  return db
    .selectFrom('draw_items')
    .select(['position', 'card_id'])
    .where('transaction_id', '=', transactionId)
    .execute()
}

/** When the user confirmed being 18 or older; null until then. */
export async function findAdultConfirmedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('adult_confirmed_at').where('id', '=', userId).executeTakeFirst()
  return row?.adult_confirmed_at ?? null
}

/** Records the confirmation once: a second one keeps the first date. */
export async function updateAdultConfirmed(db: Db, userId: string, confirmedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ adult_confirmed_at: confirmedAt })
    .where('id', '=', userId)
    .where('adult_confirmed_at', 'is', null)
    .execute()
}
