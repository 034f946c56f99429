import type { MemoryFeed } from '@shared/feed'

import { baseApi } from '../../api/baseApi'

export const feedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Keyset pages, newest first; each page's nextCursor asks for the one after it, null on the last. */
    getMemoryFeed: build.infiniteQuery<MemoryFeed, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => ({ url: '/feed/getMemoryFeed', params: pageParam ? { cursor: pageParam } : undefined }),
      providesTags: [{ type: 'Feed', id: 'LIST' }],
    }),
  }),
})

export const { useGetMemoryFeedInfiniteQuery } = feedApi
