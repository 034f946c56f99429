import * as blocksCalls from '@shared/calls/blocks'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

/**
 * A block hides the two travellers from each other everywhere (docs/product.md#blocking): every list that may show
 * one of them is fetched again, and the friendship it ends leaves the friend list and the account's friend count.
 */
const BLOCK_TAGS = [
  { type: 'Blocked', id: 'LIST' },
  'Memory',
  'Comment',
  { type: 'Feed', id: 'LIST' },
  'Friend',
  { type: 'Notification', id: 'LIST' },
  { type: 'User', id: 'ME' },
] as const

/** A mute changes the feed and nothing else. */
const MUTE_TAGS = [
  { type: 'Muted', id: 'LIST' },
  { type: 'Feed', id: 'LIST' },
] as const

// Its tag types are added here rather than on the base API, which is part of every first load.
export const blocksApi = baseApi.enhanceEndpoints({ addTagTypes: ['Blocked', 'Muted'] }).injectEndpoints({
  endpoints: (build) => ({
    getBlockedTravellers: build.query<CallResponse<'getBlockedTravellers'>, void>({
      query: () => blocksCalls.getBlockedTravellers,
      providesTags: [{ type: 'Blocked', id: 'LIST' }],
    }),
    getMutedTravellers: build.query<CallResponse<'getMutedTravellers'>, void>({
      query: () => blocksCalls.getMutedTravellers,
      providesTags: [{ type: 'Muted', id: 'LIST' }],
    }),
    blockTraveller: build.mutation<CallResponse<'blockTraveller'>, CallBody<'blockTraveller'>>({
      query: (body) => ({ ...blocksCalls.blockTraveller, body }),
      invalidatesTags: [...BLOCK_TAGS],
    }),
    unblockTraveller: build.mutation<CallResponse<'unblockTraveller'>, CallBody<'unblockTraveller'>>({
      query: (body) => ({ ...blocksCalls.unblockTraveller, body }),
      invalidatesTags: [...BLOCK_TAGS],
    }),
    muteTraveller: build.mutation<CallResponse<'muteTraveller'>, CallBody<'muteTraveller'>>({
      query: (body) => ({ ...blocksCalls.muteTraveller, body }),
      invalidatesTags: [...MUTE_TAGS],
    }),
    unmuteTraveller: build.mutation<CallResponse<'unmuteTraveller'>, CallBody<'unmuteTraveller'>>({
      query: (body) => ({ ...blocksCalls.unmuteTraveller, body }),
      invalidatesTags: [...MUTE_TAGS],
    }),
  }),
})

export const {
  useGetBlockedTravellersQuery,
  useGetMutedTravellersQuery,
  useBlockTravellerMutation,
  useUnblockTravellerMutation,
  useMuteTravellerMutation,
  useUnmuteTravellerMutation,
} = blocksApi
