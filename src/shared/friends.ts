import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'
import { FRIEND_CODE_LENGTH, USERNAME_MAX_LENGTH } from './constants'
import { UserCardStatsSchema } from './session'

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
