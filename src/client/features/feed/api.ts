import * as feedCalls from '@shared/calls/feed'
import type { CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

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
  }),
})

export const { useGetMemoryFeedInfiniteQuery } = feedApi
