import { sql } from 'kysely'

import { compiledOnce, compiledPerShape, rowValues, type RowValues, type ValueOf } from '../../db/compiledOnce'
import type { Db } from '../../db/createDb'

const COLLECTION_CODES: Record<string, string> = {
  'great-cities': 'CTY',
  europe: 'EUR',
  asia: 'ASI',
  africa: 'AFR',
  'north-america': 'NCA',
  'south-america': 'SAM',
  oceania: 'OCE',
  'us-states': 'USA',
}

/** The three letters printed on a card before its set number. */
export function collectionCode(collectionId: string): string {
  return (
    COLLECTION_CODES[collectionId] ??
    collectionId
      .replace(/[^a-z]/gi, '')
      .slice(0, 3)
      .toUpperCase()
  )
}

export async function findCollection(db: Db, collectionId: string) {
  return db.selectFrom('collections').selectAll().where('id', '=', collectionId).executeTakeFirst()
}

/** How many copies the user owns of each card, read from the (user_id, card_id) index alone. */
export async function countOwnedCopiesByCard(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await ownedCopiesByCard(db, { userId })
  return new Map(rows.map((row) => [row.card_id, row.count]))
}

/** Compiled once, as every query on a catalogue screen: building it took longer than running it (docs/benchmarks.md). */
const ownedCopiesByCard = compiledOnce((db, value: ValueOf<{ userId: string }>) =>
  db
    .selectFrom('user_cards')
    .select(['card_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', value('userId'))
    .groupBy('card_id'),
)

/**
 * A user's standing with one place, in one round trip: whether they have been there, and their copies of its cards
 * (oldest first, with whether each carries a memory). The one-row anchor keeps the answer when they own no copy.
 */
export async function findPlaceStanding(db: Db, userId: string, cardSetId: string, cardIds: string[]) {
  const ids = cardIds.length > 0 ? cardIds : ['']
  const rows = await placeStanding(db, String(ids.length), {
    userId,
    cardSetId,
    ...rowValues(ids.map((cardId) => ({ cardId }))),
  })
  return {
    // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
    beenThere: Boolean(rows[0]?.been_there),
    copies: rows.flatMap(({ user_card_id, card_id, created_at, memory_id, acquisition }) =>
      user_card_id !== null && card_id !== null && created_at !== null
        ? [{ user_card_id, card_id, created_at, memory_id, souvenir: acquisition === 'souvenir' }]
        : [],
    ),
  }
}

/** Compiled once per number of cards in the place (one to five). */
const placeStanding = compiledPerShape(
  (db, value: ValueOf<{ userId: string; cardSetId: string } & RowValues<{ cardId: string }>>, shape) => {
    const userId = value('userId')
    const cardIds = Array.from({ length: Number(shape) }, (_, index) => value(`cardId${index}`))
    return db
      .selectFrom(db.selectNoFrom((eb) => eb.lit(1).as('anchor')).as('anchor'))
      .leftJoin('user_cards', (join) =>
        join.on('user_cards.user_id', '=', userId).on('user_cards.card_id', 'in', cardIds),
      )
      .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
      .select((eb) => [
        'user_cards.id as user_card_id',
        'user_cards.card_id',
        'user_cards.created_at',
        'user_cards.acquisition',
        'memories.id as memory_id',
        eb
          .exists(
            eb
              .selectFrom('been_there')
              .select(sql.lit(1).as('been'))
              .where('been_there.user_id', '=', userId)
              .where('been_there.card_set_id', '=', value('cardSetId')),
          )
          .as('been_there'),
      ])
      .orderBy('user_cards.created_at')
      .orderBy('user_cards.id')
  },
)

export async function insertBeenThere(db: Db, userId: string, cardSetId: string, createdAt: string): Promise<void> {
  await db
    .insertInto('been_there')
    .values({ user_id: userId, card_set_id: cardSetId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'card_set_id']).doNothing())
    .execute()
}

export async function deleteBeenThere(db: Db, userId: string, cardSetId: string): Promise<void> {
  await db.deleteFrom('been_there').where('user_id', '=', userId).where('card_set_id', '=', cardSetId).execute()
}

export async function findCardArtRow(db: Db, cardId: string) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select([
      'cards.rarity',
      'collections.code as collection_code',
      'card_sets.id as card_set_id',
      'card_sets.collection_id',
      'card_sets.name',
      'card_sets.kind',
      'card_sets.facts',
      'card_sets.latitude',
      'card_sets.longitude',
      'card_sets.sort_order',
    ])
    .select((eb) =>
      eb
        .selectFrom('card_sets as peers')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('peers.collection_id', '=', 'card_sets.collection_id')
        .as('set_count'),
    )
    .where('cards.id', '=', cardId)
    .executeTakeFirst()
}

export async function findCollectionArtRows(db: Db, collectionId: string) {
  const collection = await findCollection(db, collectionId)
  if (!collection) return null
  const places = await db
    .selectFrom('card_sets')
    .select(['kind', 'facts', 'latitude', 'longitude'])
    .where('collection_id', '=', collectionId)
    .orderBy('sort_order')
    .execute()
  return { collection, places }
}

/** The whole catalogue as three tables, in catalogue order, for the in-memory copy. */
export async function listCatalogueRows(db: Db) {
  const collections = await db.selectFrom('collections').selectAll().orderBy('sort_order').execute()
  const cardSets = await db
    .selectFrom('card_sets')
    .select([
      'id',
      'collection_id',
      'name',
      'description',
      'kind',
      'sort_order',
      'country_code',
      'latitude',
      'longitude',
      'facts',
    ])
    .orderBy('sort_order')
    .execute()
  const cards = await db.selectFrom('cards').select(['id', 'card_set_id', 'rarity']).orderBy('id').execute()
  return { collections, cardSets, cards }
}

export function listCollectionIds(db: Db) {
  return db.selectFrom('collections').select('id').orderBy('sort_order').execute()
}

/** Every card id of one rarity in catalogue order. */
export function listCardIds(db: Db, rarity: number) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select('cards.id')
    .where('cards.rarity', '=', rarity)
    .orderBy('collections.sort_order')
    .orderBy('card_sets.sort_order')
    .orderBy('cards.rarity')
    .execute()
}
