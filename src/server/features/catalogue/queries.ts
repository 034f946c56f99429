import { sql } from 'kysely'

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

export async function listCollectionsWithCounts(db: Db) {
  return db
    .selectFrom('collections')
    .leftJoin('card_sets', 'card_sets.collection_id', 'collections.id')
    .leftJoin('cards', 'cards.card_set_id', 'card_sets.id')
    .select(['collections.id', 'collections.name', 'collections.description', 'collections.sort_order', 'cards.rarity'])
    .select((eb) => eb.fn.count<number>('cards.id').as('card_count'))
    .groupBy([
      'collections.id',
      'collections.name',
      'collections.description',
      'collections.sort_order',
      'cards.rarity',
    ])
    .orderBy('collections.sort_order')
    .execute()
}

export async function findCollection(db: Db, collectionId: string) {
  return db.selectFrom('collections').selectAll().where('id', '=', collectionId).executeTakeFirst()
}

/** A card with what every catalogue read shows of its place and collection. */
function selectCardsWithPlace(db: Db) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select([
      'cards.id as card_id',
      'cards.rarity',
      'card_sets.id as card_set_id',
      'card_sets.name',
      'card_sets.description',
      'collections.id as collection_id',
      'collections.name as collection_name',
    ])
}

export async function listCardsOfCollection(
  db: Db,
  collectionId: string,
  rarity: number | undefined,
  userId: string | null,
) {
  return selectCardsWithPlace(db)
    .select((eb) =>
      eb
        .selectFrom('user_cards')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('user_cards.card_id', '=', 'cards.id')
        .where('user_cards.user_id', '=', userId ?? '')
        .as('owned'),
    )
    .where('collections.id', '=', collectionId)
    .$if(rarity !== undefined, (qb) => qb.where('cards.rarity', '=', rarity as number))
    .orderBy('card_sets.sort_order')
    .orderBy('cards.rarity', 'desc')
    .execute()
}

export async function findCardWithSet(db: Db, cardId: string) {
  return selectCardsWithPlace(db).select('card_sets.kind').where('cards.id', '=', cardId).executeTakeFirst()
}

/** The user's copies of every card of one place, with whether each carries a memory. */
export async function listCopiesOfCardSet(db: Db, userId: string, cardSetId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'user_cards.id as user_card_id',
      'user_cards.card_id',
      'user_cards.created_at',
      'cards.rarity',
      'memories.id as memory_id',
    ])
    .where('user_cards.user_id', '=', userId)
    .where('cards.card_set_id', '=', cardSetId)
    .orderBy('cards.rarity', 'desc')
    .orderBy('user_cards.created_at')
    .orderBy('user_cards.id')
    .execute()
}

export async function hasBeenThere(db: Db, userId: string, cardSetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('been_there')
    .select('card_set_id')
    .where('user_id', '=', userId)
    .where('card_set_id', '=', cardSetId)
    .executeTakeFirst()
  return !!row
}

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
    .select([
      'cards.rarity',
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
