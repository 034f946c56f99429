import type { Generated, Selectable } from 'kysely'

/**
 * The catalogue (collections, places and their cards) and what a traveller marks on it: been there, verified
 * visits, the bucket list. Composed into `Database` by ../schema.ts.
 */

export interface CollectionsTable {
  id: string
  name: string
  description: string
  sort_order: number
  /** Where /cardCollections lists it: cities | regions | continents. */
  group_id: Generated<string>
  /** Printed on its cards before their number ("EUR 041/053"). */
  code: Generated<string>
}

export interface CardSetsTable {
  id: string
  collection_id: string
  name: string
  /** country | state | city */
  kind: string
  description: string
  /** ISO 3166-1 alpha-2 of the place or of the country it lies in. */
  country_code: string | null
  /**
   * JSON with the facts the art and the share pages use (region, capital, subdivision code, …); `shape` is the place's
   * own outline, `within` the outline of the country it lies in (src/server/db/seed/catalogue/types.ts).
   */
  facts: string
  latitude: number | null
  longitude: number | null
  sort_order: number
}

export interface CardsTable {
  id: string
  card_set_id: string
  rarity: number
}

export interface CatalogueVersionsTable {
  version: number
  applied_at: string
}

export interface BeenThereTable {
  user_id: string
  card_set_id: string
  created_at: string
}

/** A visit proven by a memory picture taken inside the place (docs/product.md#verified-visits); one per user and place. */
export interface PlaceVerificationsTable {
  user_id: string
  card_set_id: string
  /** The memory whose picture proved it; null once that memory is gone. */
  memory_id: string | null
  /** The day the picture was taken, when it says (YYYY-MM-DD). */
  taken_on: string | null
  verified_at: string
}

/** The bucket list: places a traveller wants to go to. */
export interface WantToGoTable {
  user_id: string
  card_set_id: string
  created_at: string
}

/** A year in cards the traveller shares by link (docs/product.md#year-recap); one per traveller and year. */
export interface YearRecapSharesTable {
  user_id: string
  year: number
  /** The link's unguessable id. */
  share_id: string
  created_at: string
}

export type CardSet = Selectable<CardSetsTable>
