import { sql, type Kysely, type Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import type { KeysetKey } from '../../lib/keysetCursor'

/** The draw history's queries (drawHistory.ts): the user's purchases and gifts page by page, and each month's totals. */

type Db = Kysely<Database> | Transaction<Database>

/**
 * The user's picks, draws and claimed free draws, newest first, strictly after the cursor: a row comparison on
 * (created_at, id) that the index (user_id, created_at, id) answers as one range scan.
 */
export function listMyDrawTransactions(db: Db, userId: string, cursor: KeysetKey | null, limit: number) {
  return db
    .selectFrom('draw_transactions')
    .select(['id', 'kind', 'price', 'created_at'])
    .where('user_id', '=', userId)
    .$if(cursor != null, (q) =>
      q.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple((cursor as KeysetKey).createdAt, (cursor as KeysetKey).id)),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export function listCardsOfDraws(db: Db, transactionIds: string[]) {
  return db
    .selectFrom('draw_items')
    .innerJoin('cards', 'cards.id', 'draw_items.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select([
      'draw_items.transaction_id as transactionId',
      'cards.id as cardId',
      'card_sets.name as cardName',
      'cards.rarity as cardRarity',
      'draw_items.user_card_id as userCardId',
      'draw_items.is_new as isNew',
    ])
    .where('draw_items.transaction_id', 'in', transactionIds)
    .orderBy('draw_items.transaction_id')
    .orderBy('draw_items.position')
    .execute()
}

export function listCertificatesOfDraws(db: Db, userId: string, transactionIds: string[]) {
  return db
    .selectFrom('credit_certificates')
    .select(['id', 'source_ref', 'credit_value', 'redeem_code', 'redeemed_at'])
    .where('user_id', '=', userId)
    .where('source', '=', 'draw')
    .where('source_ref', 'in', transactionIds)
    .execute()
}

/** created_at is ISO-8601 UTC text, so its first seven characters are the UTC month on both databases. */
const MONTH = sql<string>`substr(draw_transactions.created_at, 1, 7)`

/**
 * Totals per UTC month of the user's draws from `from` (inclusive) to `before` (exclusive), both ISO prefixes, so the
 * range is read through the user's (user_id, created_at) index.
 */
export async function sumDrawsByMonth(db: Db, userId: string, from: string, before: string) {
  const inRange = db
    .selectFrom('draw_transactions')
    .where('draw_transactions.user_id', '=', userId)
    .where('draw_transactions.created_at', '>=', from)
    .where('draw_transactions.created_at', '<', before)
  const [byPrice, cards] = await Promise.all([
    // By price as well, so that a month's money total can be the sum of the amounts shown on its draws.
    inRange
      .select([MONTH.as('month'), 'draw_transactions.price as price', (eb) => eb.fn.countAll<number>().as('draws')])
      .groupBy([MONTH, 'draw_transactions.price'])
      .execute(),
    inRange
      .innerJoin('draw_items', 'draw_items.transaction_id', 'draw_transactions.id')
      .where('draw_items.card_id', 'is not', null)
      .select([MONTH.as('month'), (eb) => eb.fn.countAll<number>().as('cards')])
      .groupBy(MONTH)
      .execute(),
  ])
  const cardsByMonth = new Map(cards.map((row) => [row.month, row.cards]))
  const months = new Map<
    string,
    { month: string; draws: number; credit: number; cards: number; prices: PriceCount[] }
  >()
  for (const { month, price, draws } of byPrice) {
    const total = months.get(month) ?? { month, draws: 0, credit: 0, cards: cardsByMonth.get(month) ?? 0, prices: [] }
    total.draws += draws
    total.credit += price * draws
    total.prices.push({ price, draws })
    months.set(month, total)
  }
  return [...months.values()]
}

/** How many draws of a month cost `price` credit each. */
export interface PriceCount {
  price: number
  draws: number
}
