import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, RaritySchema, TextSchema } from './common'
import { ICON_SIZES, PLACE_SEARCH_MAX_LENGTH, PLACE_SEARCH_MAX_LIMIT } from './constants'

/** How many cards of one rarity a collection holds (one per place). */
export const RarityCountSchema = Type.Object({
  cardRarity: RaritySchema,
  cardCount: IntegerSchema(),
})
export type RarityCount = Static<typeof RarityCountSchema>

/** Where /cardCollections lists a collection: cities, the regions of countries, or the countries of a continent. */
export const CollectionGroupSchema = Type.Union([
  Type.Literal('cities'),
  Type.Literal('regions'),
  Type.Literal('continents'),
])
export type CollectionGroup = Static<typeof CollectionGroupSchema>

export const CardCollectionSchema = Type.Object({
  collectionId: IdSchema,
  collectionGroup: CollectionGroupSchema,
  collectionName: Type.String(),
  collectionDescription: Type.String(),
  /** Every card of the collection: its places times the five rarities. */
  cardCount: IntegerSchema(),
  /** From rarity 5 down to 1. */
  rarityStats: Type.Array(RarityCountSchema),
})
export type CardCollection = Static<typeof CardCollectionSchema>

export const CardCollectionListSchema = Type.Array(CardCollectionSchema)

export const GetCardsOfCollectionQuerySchema = Type.Object({
  collectionId: IdSchema,
  /** Without it, every rarity. */
  rarity: Type.Optional(RaritySchema),
})
export type GetCardsOfCollectionQuery = Static<typeof GetCardsOfCollectionQuerySchema>

/** A card in a collection list: one per place at the asked rarity. */
export const CollectionCardSchema = Type.Object({
  cardId: IdSchema,
  cardSetId: IdSchema,
  cardName: Type.String(),
  cardDescription: Type.String(),
  cardRarity: RaritySchema,
  /** The image id (the card id); the picture is at /api/image/card?imageId={image}. */
  image: Type.String(),
  collectionId: IdSchema,
  collectionName: Type.String(),
  /** How many copies of this card the caller owns (0 for a visitor). */
  owned: IntegerSchema(),
})
export type CollectionCard = Static<typeof CollectionCardSchema>
export const CollectionCardListSchema = Type.Array(CollectionCardSchema)

export const GetCardQuerySchema = Type.Object({ cardId: IdSchema })
export type GetCardQuery = Static<typeof GetCardQuerySchema>

/** One of the caller's copies (user cards) of a card. */
export const OwnedCopySchema = Type.Object({
  userCardId: IdSchema,
  createdAt: IsoDateTimeSchema,
  hasMemory: Type.Boolean(),
  /** Present, true, on a Souvenir copy earned by a verified visit (docs/product.md#souvenir-copies). */
  souvenir: Type.Optional(Type.Literal(true)),
})
export type OwnedCopy = Static<typeof OwnedCopySchema>

/** A copy the caller owns of the same place in another rarity. */
export const OtherRarityCopySchema = Type.Object({
  userCardId: IdSchema,
  cardId: IdSchema,
  cardRarity: RaritySchema,
  image: Type.String(),
  createdAt: IsoDateTimeSchema,
  hasMemory: Type.Boolean(),
})
export type OtherRarityCopy = Static<typeof OtherRarityCopySchema>

export const CardSchema = Type.Object({
  cardId: IdSchema,
  cardSetId: IdSchema,
  cardName: Type.String(),
  cardDescription: Type.String(),
  cardRarity: RaritySchema,
  /** city | state | country */
  cardKind: Type.String(),
  image: Type.String(),
  /** How many copies of this card the caller owns. */
  owned: IntegerSchema(),
  collectionName: Type.String(),
  collectionId: IdSchema,
  /** The caller has been to this place (set per place, shared by its five rarities). */
  beenThere: Type.Boolean(),
  /** The place's IANA time zone (Asia/Tokyo), so the card can tell the traveller's time difference; null if unknown. */
  timeZone: Type.Union([Type.String(), Type.Null()]),
  mine: Type.Array(OwnedCopySchema),
  otherRarity: Type.Array(OtherRarityCopySchema),
})
export type Card = Static<typeof CardSchema>

export const SetBeenThereBodySchema = Type.Object({
  cardId: IdSchema,
  value: Type.Boolean(),
})
export type SetBeenThereBody = Static<typeof SetBeenThereBodySchema>

/**
 * The picture's version (ART_VERSION, src/shared/artVersion.ts), optional: asked with the current one, the picture is
 * sent as kept for good (`immutable`); without it or with another, it may be kept a month and revalidated by ETag.
 */
const PictureVersionSchema = Type.Optional(TextSchema({ maxLength: 20 }))

export const CardImageQuerySchema = Type.Object({
  /** A card id; empty for the placeholder (the card back). */
  imageId: Type.Optional(TextSchema({ maxLength: 100 })),
  lg: Type.Optional(TextSchema({ maxLength: 5 })),
  v: PictureVersionSchema,
})
/** A card's 1200×630 link preview (JPEG), by card id. */
export const CardPreviewImageQuerySchema = Type.Object({
  imageId: TextSchema({ maxLength: 100 }),
  v: PictureVersionSchema,
})
export const CollectionImageQuerySchema = Type.Object({
  collectionId: TextSchema({ maxLength: 100 }),
  v: PictureVersionSchema,
})
export const AvatarImageQuerySchema = Type.Object({ avatarId: IntegerSchema(), v: PictureVersionSchema })

/** The page icon, 512 px wide unless a smaller size is asked for (ICON_SIZES). */
export const IconImageQuerySchema = Type.Object({
  size: Type.Optional(Type.Union(ICON_SIZES.map((size) => Type.Literal(size)))),
})

export const SearchPlacesQuerySchema = Type.Object({
  /** Part of a place's name, without regard to case or accents ("sao" finds São Paulo). */
  query: TextSchema({ minLength: 1, maxLength: PLACE_SEARCH_MAX_LENGTH }),
  limit: Type.Optional(IntegerSchema({ minimum: 1, maximum: PLACE_SEARCH_MAX_LIMIT })),
})
export type SearchPlacesQuery = Static<typeof SearchPlacesQuerySchema>

/** A place whose name matches: best matches first (the name itself, then its start, then a word of it, then anywhere). */
export const PlaceSearchResultSchema = Type.Object({
  cardSetId: IdSchema,
  /** The place's Legendary card, which its link opens (every place has all five rarities). */
  cardId: IdSchema,
  placeName: Type.String(),
  /** city | state | country */
  placeKind: Type.String(),
  /** The country a city or region lies in; null for a country. */
  countryName: Type.Union([Type.String(), Type.Null()]),
  collectionId: IdSchema,
  collectionName: Type.String(),
})
export type PlaceSearchResult = Static<typeof PlaceSearchResultSchema>
export const PlaceSearchResultListSchema = Type.Array(PlaceSearchResultSchema)

/** Names compared without case or accents, so "sao" finds São Paulo and "zurich" Zürich. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en')
}
