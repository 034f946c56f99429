import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'
import { FRIEND_CODE_LENGTH, USERNAME_MAX_LENGTH } from './constants'
import { MemoryListSchema } from './memories'
import { UserCardStatsSchema } from './session'
import { ProgressFigureSchema } from './travel'
import { TravelledTripSchema } from './trips'

/** Lenient on length so a mistyped code gets a readable "no traveller has this code" instead of a schema error. */
export const FriendCodeBodySchema = Type.Object({
  friendCode: TextSchema({ minLength: 1, maxLength: FRIEND_CODE_LENGTH * 4 }),
})
export type FriendCodeBody = Static<typeof FriendCodeBodySchema>

export const AddFriendResultSchema = Type.Object({ result: Type.Boolean(), username: Type.String() })
export type AddFriendResult = Static<typeof AddFriendResultSchema>

/** Friend (docs/product.md#data-social); createdAt is when the friendship began ("Friend since"). */
export const FriendSchema = Type.Object({
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  userLevel: IntegerSchema(),
  friendCode: Type.String(),
  createdAt: IsoDateTimeSchema,
  userCardStats: UserCardStatsSchema,
})
export type Friend = Static<typeof FriendSchema>

export const SearchFriendsQuerySchema = Type.Object({ name: TextSchema({ maxLength: USERNAME_MAX_LENGTH }) })
export type SearchFriendsQuery = Static<typeof SearchFriendsQuerySchema>

/** What tagging a friend in a memory needs. */
export const FriendMatchSchema = Type.Object({
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  userLevel: IntegerSchema(),
})
export type FriendMatch = Static<typeof FriendMatchSchema>

export const SEARCH_FRIENDS_LIMIT = 10

export const FriendPageQuerySchema = Type.Object({ userId: IdSchema })
export type FriendPageQuery = Static<typeof FriendPageQuerySchema>

/** A place both travellers have been to (marked been there or verified), with the card that opens it. */
export const SharedPlaceSchema = Type.Object({
  cardSetId: IdSchema,
  /** The place's Common card, which /card/{cardId} opens for anyone. */
  cardId: IdSchema,
  name: Type.String(),
  collectionName: Type.String(),
})
export type SharedPlace = Static<typeof SharedPlaceSchema>

/** The newest memories of a friend a friend page lists; the rest are in the feed. */
export const FRIEND_PAGE_MEMORIES = 20

/**
 * A friend's page (GET /friends/getFriendPage, docs/product.md#screen-friend): what the profile share page already
 * shows of them, the memories the viewer may see, and the places both have been to. Friends only.
 */
export const FriendPageSchema = Type.Object({
  friend: FriendSchema,
  memberSince: IsoDateTimeSchema,
  travel: ProgressFigureSchema,
  sharedPlaces: Type.Array(SharedPlaceSchema),
  /** The newest FRIEND_PAGE_MEMORIES the viewer may see (Public and Friends, never Private). */
  memories: MemoryListSchema,
  /** How many of their memories the viewer may see in all. */
  memoryCount: IntegerSchema(),
  /** The newest TRAVELLED_TRIPS_LISTED trips they own or travel in that the viewer may open. */
  trips: Type.Array(TravelledTripSchema),
})
export type FriendPage = Static<typeof FriendPageSchema>
