import type { Generated, Selectable } from 'kysely'

/**
 * The copies travellers hold and how they came: draws and gifts. Composed into `Database` by ../schema.ts.
 */

export interface UserCardsTable {
  id: string
  user_id: string
  card_id: string
  /** pick | draw | free_draw | transfer | gift | souvenir */
  acquisition: string
  /** The draw, pick, transfer or gift that gave this copy to its owner. */
  transaction_id: string | null
  created_at: string
  /** A Souvenir copy's visit day: one souvenir per place and visit day (docs/product.md#souvenir-copies). */
  souvenir_day: Generated<string | null>
}

export interface DrawTransactionsTable {
  id: string
  /** Null for a visitor's free draw until it is claimed. */
  user_id: string | null
  /** draw | draw10 | free | pick */
  kind: string
  price: number
  /** JSON of the Experience result shown with the draw. */
  exp_gain_result: string | null
  /** A free draw is claimed by the visitor who registers with it, once. */
  claimed_by: string | null
  created_at: string
}

export interface DrawItemsTable {
  transaction_id: string
  position: number
  card_id: string | null
  user_card_id: string | null
  is_new: number
}

/** A copy given to a friend; both see it in their draw history. Null users have left Wandercards. */
export interface CardGiftsTable {
  id: string
  giver_id: string | null
  receiver_id: string | null
  /** The copy that moved; null once the receiver recycled it. */
  user_card_id: string | null
  card_id: string
  /** 1 when the receiver had no copy of the card before. */
  is_new: number
  created_at: string
}

/** Gifts given per giver and UTC day (YYYY-MM-DD), counted against the daily limit. */
export interface CardGiftDaysTable {
  giver_id: string
  day: string
  gift_count: number
}

export type UserCard = Selectable<UserCardsTable>
