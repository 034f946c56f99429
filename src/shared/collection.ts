import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, IsoDateTimeSchema, RaritySchema } from './common'
import { GIFTS_PER_DAY } from './constants'
import { MemorySchema } from './memories'

/** How a copy came to its owner; stored in user_cards.acquisition. */
export const ACQUISITIONS = ['pick', 'draw', 'free_draw', 'transfer', 'gift', 'souvenir'] as const
export type Acquisition = (typeof ACQUISITIONS)[number]

/** The readable `products` label of a copy, by how it was acquired. */
export const ACQUISITION_PRODUCTS: Record<Acquisition, string> = {
  pick: 'Digital card pick',
  draw: 'Digital card draw',
  free_draw: 'Free draw',
  transfer: 'Memory transfer',
  gift: 'Gift from a friend',
  souvenir: 'Souvenir of a verified visit',
}

export const OwnedCopySchema = Type.Object({
  userCardId: IdSchema,
  createdAt: IsoDateTimeSchema,
  hasMemory: Type.Boolean(),
  memoryId: Type.Union([IdSchema, Type.Null()]),
  /** Present, true, on a Souvenir copy earned by a verified visit (docs/product.md#souvenir-copies). */
  souvenir: Type.Optional(Type.Literal(true)),
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
  /**
   * The viewer owns this copy, it has no memory and they own another copy of the card: it can be given to a friend
   * (docs/product.md#gifts). Absent where the answer predates gifts.
   */
  giftable: Type.Optional(Type.Boolean()),
  /** Present, true, on a Souvenir copy: never recycled or given (docs/product.md#souvenir-copies). */
  souvenir: Type.Optional(Type.Literal(true)),
})
export type UserCard = Static<typeof UserCardSchema>

export const RecycleValueSchema = CreditAmountSchema

export const RecycleUserCardBodySchema = Type.Object({ userCardId: IdSchema })
export type RecycleUserCardBody = Static<typeof RecycleUserCardBodySchema>

export const RecycleUserCardResultSchema = Type.Object({ newUserDigitalCredit: CreditAmountSchema })
export type RecycleUserCardResult = Static<typeof RecycleUserCardResultSchema>

/** Gives the caller's copy to a friend (docs/product.md#gifts): friendUserId is the friend's userId. */
export const GiftUserCardBodySchema = Type.Object({ userCardId: IdSchema, friendUserId: IdSchema })
export type GiftUserCardBody = Static<typeof GiftUserCardBodySchema>

export const GiftUserCardResultSchema = Type.Object({
  giftId: IdSchema,
  userCardId: IdSchema,
  friendUsername: Type.String(),
  /** Gifts the giver may still give today (UTC). */
  giftsLeftToday: IntegerSchema({ maximum: GIFTS_PER_DAY }),
})
export type GiftUserCardResult = Static<typeof GiftUserCardResultSchema>

/** How many copies the traveller may still give today; the day is the calendar day in UTC. */
export const GiftAllowanceSchema = Type.Object({
  dailyLimit: IntegerSchema(),
  giftsLeftToday: IntegerSchema({ maximum: GIFTS_PER_DAY }),
  /** The first instant of tomorrow (UTC), when the count starts again. */
  resetsAt: IsoDateTimeSchema,
})
export type GiftAllowance = Static<typeof GiftAllowanceSchema>
