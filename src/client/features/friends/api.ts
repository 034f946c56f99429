import type { AddFriendResult, Friend, FriendCodeBody, FriendMatch } from '@shared/friends'
import type { ReferralRewardsResult } from '@shared/wallet'

import { baseApi } from '../../api/baseApi'

/** A friendship changes the friend list, the account's friend count and whose memories the feed shows. */
const FRIENDSHIP_TAGS = [
  { type: 'Friend', id: 'LIST' },
  { type: 'User', id: 'ME' },
  { type: 'Feed', id: 'LIST' },
] as const

export const friendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyFriends: build.query<Friend[], void>({
      query: () => '/friends/getMyFriends',
      providesTags: [{ type: 'Friend', id: 'LIST' }],
    }),
    /** Friends who joined with the user's code and where each one's reward stands; they change by others' actions. */
    getReferralRewards: build.query<ReferralRewardsResult, void>({
      query: () => '/getReferralRewards',
      providesTags: [{ type: 'Referral', id: 'LIST' }],
    }),
    /** For tagging friends in memories; the caller debounces and skips empty names. */
    searchFriends: build.query<FriendMatch[], string>({
      query: (name) => ({ url: '/friends/searchFriends', params: { name } }),
      providesTags: [{ type: 'Friend', id: 'LIST' }],
    }),
    /** The screen shows a refusal under the code field. */
    addFriend: build.mutation<AddFriendResult, FriendCodeBody>({
      query: (body) => ({ url: '/friends/addFriend', method: 'POST', body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [...FRIENDSHIP_TAGS],
    }),
    removeFriend: build.mutation<null, FriendCodeBody>({
      query: (body) => ({ url: '/friends/removeFriend', method: 'POST', body }),
      invalidatesTags: [...FRIENDSHIP_TAGS],
    }),
  }),
})

export const {
  useGetMyFriendsQuery,
  useGetReferralRewardsQuery,
  useSearchFriendsQuery,
  useLazySearchFriendsQuery,
  useAddFriendMutation,
  useRemoveFriendMutation,
} = friendsApi
