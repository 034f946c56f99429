import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import {
  searchable,
  type CardCollection,
  type CollectionCard,
  type CollectionGroup,
  type PlaceSearchResult,
} from '@shared/catalogue'

import type { Database } from '../../db/schema'
import { envelopeJson } from '../../lib/envelopeJson'

import { listCatalogueRows } from './queries'

/** A card with what every catalogue read shows of its place and collection. */
export interface CatalogueCard {
  cardId: string
  cardSetId: string
  rarity: number
  name: string
  description: string
  kind: string
  collectionId: string
  collectionName: string
  /** Where its copies stand in My Collection: by collection, then rarest first, then by place (set by loadCatalogue). */
  myCollectionRank: number
  /**
   * The card as getCardsOfCollection lists it, as JSON without the caller's count and the closing brace: the list is
   * joined from these instead of serializing the same descriptions on every call.
   */
  listingJson: string
}

/** A place (card set) with what the travel map needs of it; `facts` as the seed wrote them. */
export interface CataloguePlace {
  cardSetId: string
  name: string
  kind: string
  collectionId: string
  countryCode: string | null
  latitude: number | null
  longitude: number | null
  facts: Record<string, unknown>
  /** Its Common card, the one shown for a place the viewer holds no copy of. */
  commonCardId: string
}

/** A place as the name search sees it: its answer, and its name as compared (see searchable). */
export interface SearchablePlace {
  result: PlaceSearchResult
  name: string
  /** Where each word of the name starts in `name`, so "york" finds New York as a word and not only as a part. */
  wordStarts: number[]
}

/** An answer computed once: the envelope as sent, and its entity tag. */
export interface PreparedAnswer {
  json: string
  etag: string
}

/** The catalogue as the API shows it, read from the database once, when the app starts. */
export interface Catalogue {
  collections: CardCollection[]
  /** getCardCollections as sent, for a signed-in caller and for a visitor (the envelope says which). */
  collectionsAnswer: { authorized: PreparedAnswer; visitor: PreparedAnswer }
  cardsById: Map<string, CatalogueCard>
  /** Per collection, in display order: places by their order, then rarity from 5 down to 1. */
  cardsOfCollection: Map<string, CatalogueCard[]>
  /** Per place, its cards from rarity 5 down to 1. */
  cardsOfSet: Map<string, CatalogueCard[]>
  /** Per rarity, in the database's order of card ids, so a draw's position means the same card everywhere. */
  cardsOfRarity: Map<number, CatalogueCard[]>
  /** Every place, in catalogue order (collections, then places within them). */
  places: CataloguePlace[]
  placesById: Map<string, CataloguePlace>
  /** Each country's name by its code, from the catalogue's country places. */
  countryNames: Map<string, string>
  /** Per place, its IANA time zone where the seed knows it. */
  timeZoneOfSet: Map<string, string>
  /** Every place in catalogue order, for the name search. */
  searchablePlaces: SearchablePlace[]
}

function wordStartsOf(name: string): number[] {
  const starts: number[] = []
  for (const match of name.matchAll(/[\p{L}\p{N}]+/gu)) starts.push(match.index)
  return starts
}

const GROUPS: readonly string[] = ['cities', 'regions', 'continents'] satisfies CollectionGroup[]

function groupOf(value: string): CollectionGroup {
  return (GROUPS.includes(value) ? value : 'continents') as CollectionGroup
}

function factsOf(json: string): { country?: unknown; timeZone?: unknown } {
  try {
    return JSON.parse(json) as { country?: unknown; timeZone?: unknown }
  } catch {
    return {}
  }
}

const RARITIES_DESCENDING = [5, 4, 3, 2, 1]

function prepared(data: unknown, authorized: boolean): PreparedAnswer {
  const json = envelopeJson(JSON.stringify(data), authorized)
  return { json, etag: `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/**
 * Reads the whole catalogue and prepares what the API answers from it. The app does it once, before it listens
 * (`fastify.catalogue`, plugin.ts); work that builds no app calls it itself. The catalogue changes only when a new
 * catalogue version is seeded, which main.ts does before building the app (a new version ships with new code, so with
 * a restart): a catalogue read at start stays right for the life of the process.
 */
export async function loadCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const { collections: collectionRows, cardSets: setRows, cards: cardRows } = await listCatalogueRows(db)

  const collectionNames = new Map(collectionRows.map((row) => [row.id, row.name]))
  const sets = new Map(setRows.map((row) => [row.id, row]))
  const cardsById = new Map<string, CatalogueCard>()
  const cardsOfSet = new Map<string, CatalogueCard[]>()
  const cardsOfRarity = new Map<number, CatalogueCard[]>()
  for (const row of cardRows) {
    const set = sets.get(row.card_set_id)
    const collectionName = set && collectionNames.get(set.collection_id)
    if (!set || collectionName === undefined) continue
    const listing: Omit<CollectionCard, 'owned'> = {
      cardId: row.id,
      cardSetId: set.id,
      cardName: set.name,
      cardDescription: set.description,
      cardRarity: row.rarity,
      image: row.id,
      collectionId: set.collection_id,
      collectionName,
    }
    const card: CatalogueCard = {
      cardId: row.id,
      cardSetId: set.id,
      rarity: row.rarity,
      name: set.name,
      description: set.description,
      kind: set.kind,
      collectionId: set.collection_id,
      collectionName,
      myCollectionRank: 0,
      listingJson: JSON.stringify(listing).slice(0, -1),
    }
    cardsById.set(card.cardId, card)
    pushTo(cardsOfSet, card.cardSetId, card)
    pushTo(cardsOfRarity, card.rarity, card)
  }
  for (const cards of cardsOfSet.values()) cards.sort((a, b) => b.rarity - a.rarity)

  const timeZoneOfSet = new Map<string, string>()
  const searchablePlaces: SearchablePlace[] = []
  const collectionOrder = new Map(collectionRows.map((row) => [row.id, row.sort_order]))
  const inCatalogueOrder = [...setRows].sort(
    (a, b) =>
      (collectionOrder.get(a.collection_id) ?? 0) - (collectionOrder.get(b.collection_id) ?? 0) ||
      a.sort_order - b.sort_order,
  )
  for (const set of inCatalogueOrder) {
    const collectionName = collectionNames.get(set.collection_id)
    const [legendary] = cardsOfSet.get(set.id) ?? []
    if (collectionName === undefined || !legendary) continue
    const facts = factsOf(set.facts)
    if (typeof facts.timeZone === 'string') timeZoneOfSet.set(set.id, facts.timeZone)
    const name = searchable(set.name)
    searchablePlaces.push({
      name,
      wordStarts: wordStartsOf(name),
      result: {
        cardSetId: set.id,
        cardId: legendary.cardId,
        placeName: set.name,
        placeKind: set.kind,
        countryName: set.kind !== 'country' && typeof facts.country === 'string' ? facts.country : null,
        collectionId: set.collection_id,
        collectionName,
      },
    })
  }

  const placeOrder = new Map(setRows.map((row) => [row.id, row.sort_order]))
  const inMyCollectionOrder = [...cardsById.values()].sort(
    (a, b) =>
      (collectionOrder.get(a.collectionId) ?? 0) - (collectionOrder.get(b.collectionId) ?? 0) ||
      b.rarity - a.rarity ||
      (placeOrder.get(a.cardSetId) ?? 0) - (placeOrder.get(b.cardSetId) ?? 0) ||
      (a.cardId < b.cardId ? -1 : 1),
  )
  inMyCollectionOrder.forEach((card, rank) => {
    card.myCollectionRank = rank
  })

  const cardsOfCollection = new Map<string, CatalogueCard[]>(collectionRows.map((row) => [row.id, []]))
  for (const set of setRows) {
    for (const card of cardsOfSet.get(set.id) ?? []) cardsOfCollection.get(set.collection_id)?.push(card)
  }

  const collections = collectionRows.map((row): CardCollection => {
    const cards = cardsOfCollection.get(row.id) ?? []
    return {
      collectionId: row.id,
      collectionGroup: groupOf(row.group_id),
      collectionName: row.name,
      collectionDescription: row.description,
      cardCount: cards.length,
      rarityStats: RARITIES_DESCENDING.map((cardRarity) => ({
        cardRarity,
        cardCount: cards.filter((card) => card.rarity === cardRarity).length,
      })),
    }
  })

  const places = inCatalogueOrder
    .filter((set) => cardsOfSet.has(set.id) && collectionOrder.has(set.collection_id))
    .map((set): CataloguePlace => ({
      cardSetId: set.id,
      name: set.name,
      kind: set.kind,
      collectionId: set.collection_id,
      countryCode: set.country_code,
      latitude: set.latitude,
      longitude: set.longitude,
      facts: JSON.parse(set.facts) as Record<string, unknown>,
      commonCardId: cardsOfSet.get(set.id)?.at(-1)?.cardId ?? set.id,
    }))

  const countryNames = new Map<string, string>()
  for (const place of places) {
    if (place.kind === 'country' && place.countryCode && !countryNames.has(place.countryCode))
      countryNames.set(place.countryCode, place.name)
  }

  return {
    places,
    placesById: new Map(places.map((place) => [place.cardSetId, place])),
    countryNames,
    collections,
    collectionsAnswer: { authorized: prepared(collections, true), visitor: prepared(collections, false) },
    cardsById,
    cardsOfCollection,
    cardsOfSet,
    cardsOfRarity,
    timeZoneOfSet,
    searchablePlaces,
  }
}
