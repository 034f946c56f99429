import type { Card, CardCollection, CollectionCard } from '@shared/catalogue'

import type { Db } from '../../db/createDb'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'

import {
  deleteBeenThere,
  findCardWithSet,
  findCollection,
  hasBeenThere,
  insertBeenThere,
  listCardsOfCollection,
  listCollectionsWithCounts,
  listCopiesOfCardSet,
} from './queries'

const RARITIES_DESCENDING = [5, 4, 3, 2, 1]

export async function getCardCollections(db: Db): Promise<CardCollection[]> {
  const rows = await listCollectionsWithCounts(db)
  const collections = new Map<string, CardCollection>()
  for (const row of rows) {
    let collection = collections.get(row.id)
    if (!collection) {
      collection = {
        collectionId: row.id,
        collectionName: row.name,
        collectionDescription: row.description,
        cardCount: 0,
        rarityStats: RARITIES_DESCENDING.map((cardRarity) => ({ cardRarity, cardCount: 0 })),
      }
      collections.set(row.id, collection)
    }
    const count = row.card_count
    collection.cardCount += count
    const stat = collection.rarityStats.find((s) => s.cardRarity === row.rarity)
    if (stat) stat.cardCount += count
  }
  return [...collections.values()]
}

export async function getCardsOfCollection(
  db: Db,
  userId: string | null,
  collectionId: string,
  rarity: number | undefined,
): Promise<CollectionCard[]> {
  if (!(await findCollection(db, collectionId))) throw new AppError('NotFound', 'Card collection not found')
  const rows = await listCardsOfCollection(db, collectionId, rarity, userId)
  return rows.map((row) => ({
    cardId: row.card_id,
    cardSetId: row.card_set_id,
    cardName: row.name,
    cardDescription: row.description,
    cardRarity: row.rarity,
    image: row.card_id,
    collectionId: row.collection_id,
    collectionName: row.collection_name,
    owned: row.owned ?? 0,
  }))
}

/** A card with the caller's copies of it and of the same place in other rarities. */
export async function getCard(db: Db, userId: string | null, cardId: string): Promise<Card> {
  const card = await findCardWithSet(db, cardId)
  if (!card) throw new AppError('NotFound', 'Card not found')
  const copies = userId ? await listCopiesOfCardSet(db, userId, card.card_set_id) : []
  const beenThere = userId ? await hasBeenThere(db, userId, card.card_set_id) : false
  const mine = copies
    .filter((copy) => copy.card_id === card.card_id)
    .map((copy) => ({ userCardId: copy.user_card_id, createdAt: copy.created_at, hasMemory: copy.memory_id !== null }))
  const otherRarity = copies
    .filter((copy) => copy.card_id !== card.card_id)
    .map((copy) => ({
      userCardId: copy.user_card_id,
      cardId: copy.card_id,
      cardRarity: copy.rarity,
      image: copy.card_id,
      createdAt: copy.created_at,
      hasMemory: copy.memory_id !== null,
    }))
  return {
    cardId: card.card_id,
    cardSetId: card.card_set_id,
    cardName: card.name,
    cardDescription: card.description,
    cardRarity: card.rarity,
    cardKind: card.kind,
    image: card.card_id,
    owned: mine.length,
    collectionName: card.collection_name,
    collectionId: card.collection_id,
    beenThere,
    mine,
    otherRarity,
  }
}

/** Been-there belongs to the place: marking any rarity of Lisbon marks Lisbon. */
export async function setBeenThere(db: Db, userId: string, cardId: string, value: boolean): Promise<void> {
  const card = await findCardWithSet(db, cardId)
  if (!card) throw new AppError('NotFound', 'Card not found')
  if (value) await insertBeenThere(db, userId, card.card_set_id, nowIso())
  else await deleteBeenThere(db, userId, card.card_set_id)
}
