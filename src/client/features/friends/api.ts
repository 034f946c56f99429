import { useMemo } from 'react'

import * as friendsCalls from '@shared/calls/friends'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import * as walletCalls from '@shared/calls/wallet'

import { baseApi } from '../../api/baseApi'

/** A friendship changes the friend list, the account's friend count and whose memories the feed shows. */
const FRIENDSHIP_TAGS = [
  { type: 'Friend', id: 'LIST' },
  { type: 'User', id: 'ME' },
  { type: 'Feed', id: 'LIST' },
] as const

export const friendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyFriends: build.query<CallResponse<'getMyFriends'>, void>({
      query: () => friendsCalls.getMyFriends,
      providesTags: [{ type: 'Friend', id: 'LIST' }],
    }),
    /**
     * A friend's page. It changes with the friendship (removed, it refuses), with their memories the viewer likes
     * or comments on and with the trips the viewer travels in, so it goes with the friend list, each memory it lists
     * and every list of trips.
     */
    getFriendPage: build.query<CallResponse<'getFriendPage'>, string>({
      query: (userId) => ({ ...friendsCalls.getFriendPage, params: { userId } }),
      extraOptions: { silentErrors: 'refusals' },
      providesTags: (page, _error, userId) => [
        { type: 'Friend', id: 'LIST' },
        { type: 'Friend', id: userId },
        { type: 'Trip', id: 'LIST' },
        ...(page?.memories ?? []).map((memory) => ({ type: 'Memory' as const, id: memory.memoryId })),
      ],
    }),
    /** Friends who joined with the user's code and where each one's reward stands; they change by others' actions. */
    getReferralRewards: build.query<CallResponse<'getReferralRewards'>, void>({
      query: () => walletCalls.getReferralRewards,
      providesTags: [{ type: 'Referral', id: 'LIST' }],
    }),
    /** For tagging friends in memories; the caller debounces and skips empty names. */
    searchFriends: build.query<CallResponse<'searchFriends'>, string>({
      query: (name) => ({ ...friendsCalls.searchFriends, params: { name } }),
      providesTags: [{ type: 'Friend', id: 'LIST' }],
    }),
    /** The screen shows a refusal under the code field. */
    addFriend: build.mutation<CallResponse<'addFriend'>, CallBody<'addFriend'>>({
      query: (body) => ({ ...friendsCalls.addFriend, body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [...FRIENDSHIP_TAGS],
    }),
    removeFriend: build.mutation<CallResponse<'removeFriend'>, CallBody<'removeFriend'>>({
      query: (body) => ({ ...friendsCalls.removeFriend, body }),
      invalidatesTags: [...FRIENDSHIP_TAGS],
    }),
  }),
})

export const {
  useGetMyFriendsQuery,
  useGetFriendPageQuery,
  useGetReferralRewardsQuery,
  useSearchFriendsQuery,
  useLazySearchFriendsQuery,
  useAddFriendMutation,
  useRemoveFriendMutation,
} = friendsApi

const NO_FRIENDS: ReadonlySet<string> = new Set()

/** The user ids of the traveller's friends, whose names elsewhere (comments, tags, authors) open their page. */
export function useFriendIds(): ReadonlySet<string> {
  const { data } = useGetMyFriendsQuery()
  return useMemo(() => (data ? new Set(data.map((friend) => friend.userId)) : NO_FRIENDS), [data])
}
