import * as feedCalls from '@shared/calls/feed'
import * as memoriesCalls from '@shared/calls/memories'
import type { CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'
import type { AppDispatch } from '../../app/store'
import { localToday } from '../../lib/localToday'

export const feedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Keyset pages, newest first; each page's nextCursor asks for the one after it, null on the last. */
    getMemoryFeed: build.infiniteQuery<CallResponse<'getMemoryFeed'>, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => ({ ...feedCalls.getMemoryFeed, params: pageParam ? { cursor: pageParam } : undefined }),
      providesTags: [{ type: 'Feed', id: 'LIST' }],
    }),
    /** The viewer's memories of `today` (the device's calendar day) in earlier years; any memory change refreshes it. */
    getOnThisDay: build.query<CallResponse<'getOnThisDay'>, string>({
      query: (today) => ({ ...memoriesCalls.getOnThisDay, params: { today } }),
      providesTags: [{ type: 'Memory', id: 'LIST' }],
    }),
  }),
})

export const { useGetMemoryFeedInfiniteQuery, useGetOnThisDayQuery } = feedApi

/** The feed's first calls, started with the session check: the first page and On This Day, which show together. */
export function startFeedCalls(dispatch: AppDispatch) {
  return Promise.all([
    dispatch(feedApi.endpoints.getMemoryFeed.initiate(undefined, { subscribe: false })),
    dispatch(feedApi.endpoints.getOnThisDay.initiate(localToday(), { subscribe: false })),
  ])
}
