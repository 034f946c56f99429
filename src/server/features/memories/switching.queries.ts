import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

/** The SQL of switching.ts: moving a memory to another copy. */

type Reader = Kysely<Database> | Transaction<Database>

export function findCard(db: Reader, cardId: string) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.id', 'cards.rarity', 'card_sets.id as cardSetId', 'card_sets.name as cardName'])
    .where('cards.id', '=', cardId)
    .executeTakeFirst()
}

export function findCardOfUserCard(db: Reader, userCardId: string) {
  return db.selectFrom('user_cards').select('card_id as cardId').where('id', '=', userCardId).executeTakeFirst()
}

/** The user's copies of one card, oldest first, with their memory if any. */
export function listCopiesOfCard(db: Reader, userId: string, cardId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'user_cards.id as userCardId',
      'user_cards.created_at as createdAt',
      'user_cards.acquisition',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.name as cardName',
      'memories.id as memoryId',
    ])
    .where('user_cards.user_id', '=', userId)
    .where('user_cards.card_id', '=', cardId)
    .orderBy('user_cards.created_at')
    .orderBy('user_cards.id')
    .execute()
}

/** Every card of one rarity in other card sets than `exceptCardSetId`, in catalogue order. */
export function listCardsOfRarity(db: Reader, rarity: number, exceptCardSetId: string) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select([
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.id as cardSetId',
      'card_sets.name as cardSetName',
      'collections.id as collectionId',
    ])
    .where('cards.rarity', '=', rarity)
    .where('card_sets.id', '!=', exceptCardSetId)
    .orderBy('collections.sort_order')
    .orderBy('card_sets.sort_order')
    .execute()
}

export function listCollections(db: Reader) {
  return db
    .selectFrom('collections')
    .select(['id as collectionId', 'name as collectionName'])
    .orderBy('sort_order')
    .execute()
}

export function findCardOfSet(db: Reader, cardSetId: string, rarity: number) {
  return db
    .selectFrom('cards')
    .select('id')
    .where('card_set_id', '=', cardSetId)
    .where('rarity', '=', rarity)
    .executeTakeFirst()
}

/** Moves the memory only while it is still on `from`; answers whether it moved. */
export async function moveMemory(
  db: Reader,
  memoryId: string,
  from: string,
  to: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('memories')
    .set({ user_card_id: to, updated_at: updatedAt })
    .where('id', '=', memoryId)
    .where('user_card_id', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
