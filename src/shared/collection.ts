import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IsoDateTimeSchema, RaritySchema } from './common'
import { MemorySchema } from './memories'

/** How a copy came to its owner; stored in user_cards.acquisition. */
export const ACQUISITIONS = ['pick', 'draw', 'free_draw', 'transfer'] as const
export type Acquisition = (typeof ACQUISITIONS)[number]

/** The readable `products` label of a copy, by how it was acquired. */
export const ACQUISITION_PRODUCTS: Record<Acquisition, string> = {
  pick: 'Digital card pick',
  draw: 'Digital card draw',
  free_draw: 'Free draw',
  transfer: 'Memory transfer',
}

export const OwnedCopySchema = Type.Object({
  userCardId: IdSchema,
  createdAt: IsoDateTimeSchema,
  hasMemory: Type.Boolean(),
  memoryId: Type.Union([IdSchema, Type.Null()]),
})
export type OwnedCopy = Static<typeof OwnedCopySchema>

/** Owned card entry (docs/product.md#data-collection): one per card the user holds, with every copy of it in `mine`. */
export const OwnedCardEntrySchema = Type.Object({
  cardId: IdSchema,
  cardName: Type.String(),
  collectionId: IdSchema,
  collectionName: Type.String(),
  cardRarity: RaritySchema,
  /** The image id, served by /api/image/card?imageId=. */
  image: Type.String(),
  beenThere: Type.Boolean(),
  mine: Type.Array(OwnedCopySchema),
})
export type OwnedCardEntry = Static<typeof OwnedCardEntrySchema>

export const MyCollectionSchema = Type.Array(OwnedCardEntrySchema)
export type MyCollection = Static<typeof MyCollectionSchema>

export const UserCardQuerySchema = Type.Object({ userCardId: IdSchema })
export type UserCardQuery = Static<typeof UserCardQuerySchema>

/**
 * User card (docs/product.md#data-collection): one owned copy, viewable by any logged-in user; isOwner tells its owner.
 */
export const UserCardSchema = Type.Object({
  userCardId: IdSchema,
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  image: Type.String(),
  collectionId: IdSchema,
  collectionName: Type.String(),
  cardDescription: Type.String(),
  createdAt: IsoDateTimeSchema,
  products: Type.String(),
  isOwner: Type.Boolean(),
  ownerUsername: Type.String(),
  /** The owner's visit to the place is verified by a memory picture (docs/product.md#verified-visits); false for others. */
  placeVerified: Type.Boolean(),
  /** The copy's memory as the viewer may see it, or null. */
  memory: Type.Union([MemorySchema, Type.Null()]),
})
export type UserCard = Static<typeof UserCardSchema>

export const RecycleValueSchema = CreditAmountSchema

export const RecycleUserCardBodySchema = Type.Object({ userCardId: IdSchema })
export type RecycleUserCardBody = Static<typeof RecycleUserCardBodySchema>

export const RecycleUserCardResultSchema = Type.Object({ newUserDigitalCredit: CreditAmountSchema })
export type RecycleUserCardResult = Static<typeof RecycleUserCardResultSchema>
