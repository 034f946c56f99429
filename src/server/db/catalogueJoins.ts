import type { Kysely } from 'kysely'

import type { Database } from './schema'

/** Owned copies joined to their card, its place and the place's collection; callers add their own columns, filters and order. */
export function selectUserCardsWithCatalogue(db: Kysely<Database>) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
}
