// CONTRACT READY
import { Type, type Static } from 'typebox'

import {
  CreditAmountSchema,
  IdSchema,
  IntegerSchema,
  IsoDateTimeSchema,
  PlainDateSchema,
  RaritySchema,
  TextSchema,
} from './common'
import { COMMENT_MAX_LENGTH, MEMORY_CONTENT_MAX_LENGTH, MEMORY_PICTURES_MAX } from './constants'
import { VisitCheckSchema } from './travel'

/** 1 Private (the owner only), 2 Friends (the owner, friends and tagged users), 3 Public (every logged-in user). */
export const VisibilitySchema = IntegerSchema({ minimum: 1, maximum: 3 })

export const MemoryIdQuerySchema = Type.Object({ memoryId: IdSchema })
export type MemoryIdQuery = Static<typeof MemoryIdQuerySchema>

export const MemoryIdBodySchema = Type.Object({ memoryId: IdSchema })
export type MemoryIdBody = Static<typeof MemoryIdBodySchema>

/** A smaller WebP copy of a memory picture, `width` pixels wide (never wider than the original), signed like `url`. */
export const MemoryPictureVariantSchema = Type.Object({ width: IntegerSchema(), url: Type.String() })
export type MemoryPictureVariant = Static<typeof MemoryPictureVariantSchema>

/**
 * A picture of a memory. `url` is a signed, short-lived address of the original for this viewer
 * (`/api/image/memoryPicture?image=…&u=…&exp=…&sig=…`): use it as it is for the full-screen view. `variants`, narrowest
 * first, are the copies for tiles and lists: the `srcset` candidates `${url} ${width}w`.
 */
export const MemoryPictureSchema = Type.Object({
  pictureFileName: Type.String(),
  url: Type.String(),
  width: IntegerSchema(),
  height: IntegerSchema(),
  variants: Type.Array(MemoryPictureVariantSchema),
})
export type MemoryPicture = Static<typeof MemoryPictureSchema>

export const TaggedFriendSchema = Type.Object({ userId: IdSchema, username: Type.String() })
export type TaggedFriend = Static<typeof TaggedFriendSchema>

const commentFields = {
  memoryCommentId: IdSchema,
  commentContent: Type.String(),
  createdAt: IsoDateTimeSchema,
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  userLevel: IntegerSchema(),
  /** Written by the memory's author. */
  isAuthor: Type.Boolean(),
  /** Written by the viewer. */
  isMine: Type.Boolean(),
  /** The comment this one answers (for a reply to a reply: that reply), or null for a top comment. */
  replyToCommentId: Type.Union([IdSchema, Type.Null()]),
  replyToComment: Type.Union([Type.Object({ memoryCommentId: IdSchema, username: Type.String() }), Type.Null()]),
}

/** A reply; replies are one level deep, so a reply carries no replies of its own. */
export const CommentReplySchema = Type.Object(commentFields)
export type CommentReply = Static<typeof CommentReplySchema>

/**
 * A top comment with its replies, oldest first. A reply to a reply is listed under the same top comment
 * and names whom it answers in replyToComment.username.
 */
export const CommentSchema = Type.Object({ ...commentFields, replies: Type.Array(CommentReplySchema) })
export type Comment = Static<typeof CommentSchema>

/** The copy of a card a memory sits on. */
export const MemoryUserCardSchema = Type.Object({
  userCardId: IdSchema,
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  image: Type.String(),
  collectionId: IdSchema,
  collectionName: Type.String(),
  createdAt: IsoDateTimeSchema,
})
export type MemoryUserCard = Static<typeof MemoryUserCardSchema>

/**
 * Memory (docs/product.md#data-memory), as the viewer may see it. `comments` is filled by getMemory only; lists carry
 * an empty array and commentCount.
 */
export const MemorySchema = Type.Object({
  memoryId: IdSchema,
  userCardId: IdSchema,
  userCard: MemoryUserCardSchema,
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  /** The card's image id, served by /api/image/card?imageId=. */
  image: Type.String(),
  collectionId: IdSchema,
  collectionName: Type.String(),
  /** Full text; the memory card shows it cut at 150 characters. */
  cardDescription: Type.String(),
  memoryStartDate: PlainDateSchema,
  memoryEndDate: PlainDateSchema,
  memoryContent: Type.String(),
  pictures: Type.Array(MemoryPictureSchema),
  taggedFriends: Type.Array(TaggedFriendSchema),
  visibility: VisibilitySchema,
  likes: IntegerSchema(),
  liked: Type.Boolean(),
  commentCount: IntegerSchema(),
  comments: Type.Array(CommentSchema),
  isOwner: Type.Boolean(),
  /** The author. */
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  userLevel: IntegerSchema(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
})
export type Memory = Static<typeof MemorySchema>

export const MemoryListSchema = Type.Array(MemorySchema)
export type MemoryList = Static<typeof MemoryListSchema>

export const UpdateVisibilityBodySchema = Type.Object({ memoryId: IdSchema, visibility: VisibilitySchema })
export type UpdateVisibilityBody = Static<typeof UpdateVisibilityBodySchema>

export const CardCollectionRefSchema = Type.Object({ collectionId: IdSchema, collectionName: Type.String() })
export type CardCollectionRef = Static<typeof CardCollectionRefSchema>

/** A card within a card set list. In getAvailableCardSets `freeCopies` counts the caller's copies without a memory. */
export const CardSetCardSchema = Type.Object({
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  collectionId: IdSchema,
  image: Type.String(),
  freeCopies: Type.Optional(IntegerSchema()),
})
export type CardSetCard = Static<typeof CardSetCardSchema>

/** Card set (docs/product.md#data-memory): one place, with its cards (rarest first). */
export const CardSetSchema = Type.Object({
  cardSetId: IdSchema,
  cardSetName: Type.String(),
  collectionId: IdSchema,
  cards: Type.Array(CardSetCardSchema),
})
export type CardSet = Static<typeof CardSetSchema>

/** The caller's card sets holding at least one copy without a memory; only those cards are listed. */
export const AvailableCardSetsSchema = Type.Object({
  cardSetList: Type.Array(CardSetSchema),
  cardCollections: Type.Array(CardCollectionRefSchema),
})
export type AvailableCardSets = Static<typeof AvailableCardSetsSchema>

/** Either cardId or userCardId (the copies of that copy's card). */
export const PeerUserCardsQuerySchema = Type.Object({
  cardId: Type.Optional(IdSchema),
  userCardId: Type.Optional(IdSchema),
})
export type PeerUserCardsQuery = Static<typeof PeerUserCardsQuerySchema>

export const PeerUserCardSchema = Type.Object({
  userCardId: IdSchema,
  cardId: IdSchema,
  cardName: Type.String(),
  cardRarity: RaritySchema,
  image: Type.String(),
  createdAt: IsoDateTimeSchema,
  hasMemory: Type.Boolean(),
  memoryId: Type.Union([IdSchema, Type.Null()]),
  /** Present, true, on a Souvenir copy earned by a verified visit (docs/product.md#souvenir-copies). */
  souvenir: Type.Optional(Type.Literal(true)),
})
export type PeerUserCard = Static<typeof PeerUserCardSchema>

export const PeerUserCardsSchema = Type.Array(PeerUserCardSchema)
export type PeerUserCards = Static<typeof PeerUserCardsSchema>

const memoryFields = {
  memoryStartDate: PlainDateSchema,
  /** Must not be before memoryStartDate (400 otherwise). */
  memoryEndDate: PlainDateSchema,
  memoryContent: TextSchema({ maxLength: MEMORY_CONTENT_MAX_LENGTH, multiline: true }),
  /** File names returned by uploadMemoryPicture, in display order. */
  memoryPictures: Type.Array(TextSchema({ minLength: 1, maxLength: 200 }), { maxItems: MEMORY_PICTURES_MAX }),
  /** User ids of friends. */
  taggedFriends: Type.Array(IdSchema, { maxItems: 50 }),
  visibility: VisibilitySchema,
}

export const CreateMemoryBodySchema = Type.Object({ userCardId: IdSchema, ...memoryFields })
export type CreateMemoryBody = Static<typeof CreateMemoryBodySchema>

export const CreateMemoryResultSchema = Type.Object({ memoryId: IdSchema })
export type CreateMemoryResult = Static<typeof CreateMemoryResultSchema>

export const UpdateMemoryBodySchema = Type.Object({ memoryId: IdSchema, ...memoryFields })
export type UpdateMemoryBody = Static<typeof UpdateMemoryBodySchema>

/** The memory's copy the picture is for, when known: its place is what the picture's location is checked against. */
export const UploadMemoryPictureQuerySchema = Type.Object({ userCardId: Type.Optional(IdSchema) })
export type UploadMemoryPictureQuery = Static<typeof UploadMemoryPictureQuerySchema>

/**
 * Sent as a multipart form with one file field (any field name), png or jpeg by content. Answers the stored picture
 * and what its location check concluded (docs/product.md#verified-visits).
 */
export const UploadMemoryPictureResultSchema = Type.Object({
  ...MemoryPictureSchema.properties,
  visitCheck: VisitCheckSchema,
})
export type UploadMemoryPictureResult = Static<typeof UploadMemoryPictureResultSchema>

export const MemoryPictureQuerySchema = Type.Object({
  image: TextSchema({ minLength: 1, maxLength: 200 }),
  /** The width of a copy (one of a picture's `variants`); absent for the original. */
  w: Type.Optional(IntegerSchema()),
  u: TextSchema({ maxLength: 100 }),
  /** Unix seconds; never stored, so wider than a 32-bit column. */
  exp: IntegerSchema({ maximum: Number.MAX_SAFE_INTEGER }),
  sig: TextSchema({ maxLength: 200 }),
})
export type MemoryPictureQuery = Static<typeof MemoryPictureQuerySchema>

export const TransferrableCardsQuerySchema = Type.Object({ cardId: IdSchema })
export type TransferrableCardsQuery = Static<typeof TransferrableCardsQuerySchema>

/** Every other card set, each with its one card of the same rarity as cardId; cost is in digital credit. */
export const TransferrableCardsSchema = Type.Object({
  cardSetList: Type.Array(CardSetSchema),
  cardCollections: Type.Array(CardCollectionRefSchema),
  cost: CreditAmountSchema,
})
export type TransferrableCards = Static<typeof TransferrableCardsSchema>

/**
 * Give newUserCardId (another copy of the same card, without a memory: free) or newCardSetId
 * (another place: priced, the copy is exchanged for a new one of that set in the same rarity).
 */
export const SwitchUserCardBodySchema = Type.Object({
  memoryId: IdSchema,
  userCardId: IdSchema,
  newUserCardId: Type.Optional(IdSchema),
  newCardSetId: Type.Optional(IdSchema),
})
export type SwitchUserCardBody = Static<typeof SwitchUserCardBodySchema>

export const SwitchUserCardResultSchema = Type.Object({
  newUserCardId: IdSchema,
  /** The balances after the switch (changed only by a transfer). */
  userData: Type.Object({ digitalCredit: CreditAmountSchema, physicalCredit: CreditAmountSchema }),
})
export type SwitchUserCardResult = Static<typeof SwitchUserCardResultSchema>

export const LikeMemoryResultSchema = Type.Object({ liked: Type.Boolean(), likes: IntegerSchema() })
export type LikeMemoryResult = Static<typeof LikeMemoryResultSchema>

export const PostCommentBodySchema = Type.Object({
  memoryId: IdSchema,
  /** Trimmed by the server; empty after trimming is refused. */
  commentContent: TextSchema({ minLength: 1, maxLength: COMMENT_MAX_LENGTH, multiline: true }),
  replyToCommentId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
})
export type PostCommentBody = Static<typeof PostCommentBodySchema>

export const PostCommentResultSchema = Type.Object({ memoryCommentId: IdSchema })
export type PostCommentResult = Static<typeof PostCommentResultSchema>
