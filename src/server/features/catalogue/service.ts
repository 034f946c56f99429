import { searchable, type Card, type CardCollection, type PlaceSearchResult } from '@shared/catalogue'
import { PLACE_SEARCH_DEFAULT_LIMIT } from '@shared/constants'

import type { Db } from '../../db/createDb'
import type { ArtRenderer } from '../../lib/art/artRenderer'
import { blobFolder, type BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import { envelopeJson } from '../../lib/envelopeJson'
import { AppError } from '../../lib/errors'

import { ART_FOLDER, renderCardArt } from './art'
import type { Catalogue, PreparedAnswer } from './catalogueCache'
import { countOwnedCopiesByCard, deleteBeenThere, findPlaceStanding, insertBeenThere } from './queries'

export async function getCardCollections(catalogue: Catalogue): Promise<CardCollection[]> {
  return catalogue.collections
}

/** getCardCollections as sent: the same for everyone but for the envelope's authorized flag. */
export async function cardCollectionsAnswer(catalogue: Catalogue, authorized: boolean): Promise<PreparedAnswer> {
  const { collectionsAnswer } = catalogue
  return authorized ? collectionsAnswer.authorized : collectionsAnswer.visitor
}

/**
 * getCardsOfCollection as sent: the catalogue's prepared JSON of each card with the caller's count of copies
 * appended, so a call costs one count query and a string join.
 */
export async function cardsOfCollectionAnswer(
  db: Db,
  catalogue: Catalogue,
  userId: string | null,
  collectionId: string,
  rarity: number | undefined,
): Promise<string> {
  const cards = catalogue.cardsOfCollection.get(collectionId)
  if (!cards) throw new AppError('NotFound', 'Card collection not found')
  const owned = userId ? await countOwnedCopiesByCard(db, userId) : new Map<string, number>()
  const listed = cards
    .filter((card) => rarity === undefined || card.rarity === rarity)
    .map((card) => `${card.listingJson},"owned":${owned.get(card.cardId) ?? 0}}`)
  return envelopeJson(`[${listed.join(',')}]`, userId !== null)
}

/** A card with the caller's copies of it and of the same place in other rarities. */
export async function getCard(db: Db, catalogue: Catalogue, userId: string | null, cardId: string): Promise<Card> {
  const { cardsById, cardsOfSet, timeZoneOfSet } = catalogue
  const card = cardsById.get(cardId)
  if (!card) throw new AppError('NotFound', 'Card not found')
  const rarityOf = new Map((cardsOfSet.get(card.cardSetId) ?? []).map((peer) => [peer.cardId, peer.rarity]))
  const { copies, beenThere } = userId
    ? await findPlaceStanding(db, userId, card.cardSetId, [...rarityOf.keys()])
    : { copies: [], beenThere: false }
  // The copies come oldest first; the sort is stable, so they stay so within a rarity.
  const ordered = copies
    .map((copy) => ({ ...copy, rarity: rarityOf.get(copy.card_id) ?? 0 }))
    .sort((a, b) => b.rarity - a.rarity)
  const mine = ordered
    .filter((copy) => copy.card_id === card.cardId)
    .map((copy) => ({
      userCardId: copy.user_card_id,
      createdAt: copy.created_at,
      hasMemory: copy.memory_id !== null,
      ...(copy.souvenir && { souvenir: true as const }),
    }))
  const otherRarity = ordered
    .filter((copy) => copy.card_id !== card.cardId)
    .map((copy) => ({
      userCardId: copy.user_card_id,
      cardId: copy.card_id,
      cardRarity: copy.rarity,
      image: copy.card_id,
      createdAt: copy.created_at,
      hasMemory: copy.memory_id !== null,
    }))
  return {
    cardId: card.cardId,
    cardSetId: card.cardSetId,
    cardName: card.name,
    cardDescription: card.description,
    cardRarity: card.rarity,
    cardKind: card.kind,
    image: card.cardId,
    owned: mine.length,
    collectionName: card.collectionName,
    collectionId: card.collectionId,
    beenThere,
    timeZone: timeZoneOfSet.get(card.cardSetId) ?? null,
    mine,
    otherRarity,
  }
}

/**
 * Places whose name contains the query, without regard to case or accents, from the catalogue in memory: the name
 * itself first, then names that start with it, then names with a word that does, then the rest, each in catalogue order.
 */
export async function searchPlaces(
  catalogue: Catalogue,
  query: string,
  limit: number = PLACE_SEARCH_DEFAULT_LIMIT,
): Promise<PlaceSearchResult[]> {
  const wanted = searchable(query.trim())
  if (!wanted) return []
  const found: { rank: number; order: number; result: PlaceSearchResult }[] = []
  for (const [order, place] of catalogue.searchablePlaces.entries()) {
    const at = place.name.indexOf(wanted)
    if (at < 0) continue
    const rank =
      place.name === wanted
        ? 0
        : at === 0
          ? 1
          : place.wordStarts.some((start) => place.name.startsWith(wanted, start))
            ? 2
            : 3
    found.push({ rank, order, result: place.result })
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map(({ result }) => result)
}

/** Been-there belongs to the place: marking any rarity of Lisbon marks Lisbon. */
export async function setBeenThere(
  db: Db,
  catalogue: Catalogue,
  userId: string,
  cardId: string,
  value: boolean,
): Promise<void> {
  const card = catalogue.cardsById.get(cardId)
  if (!card) throw new AppError('NotFound', 'Card not found')
  if (value) await insertBeenThere(db, userId, card.cardSetId, nowIso())
  else await deleteBeenThere(db, userId, card.cardSetId)
}

/**
 * A card's small art (WebP) from the blob store's art folder, drawn on first use, for a traveller's export; kept out
 * of the in-memory cache, which holds what people are looking at. Null for an unknown card.
 */
export async function smallCardArt(
  db: Db,
  blobs: BlobStore,
  renderer: ArtRenderer,
  cardId: string,
): Promise<Buffer | null> {
  const image = await renderCardArt(
    { db, store: blobFolder(blobs, ART_FOLDER), keepInMemory: false, renderer },
    cardId,
    'sm',
  )
  return image?.body ?? null
}
