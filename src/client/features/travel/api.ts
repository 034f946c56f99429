import type { CallBody, CallResponse } from '@shared/calls/schemas'
import * as travelCalls from '@shared/calls/travel'

import { baseApi } from '../../api/baseApi'

/**
 * What the travel figures follow: copies (picks, draws, recycles, memories: UserCard:LIST) and been-there marks
 * (Card:LIST). A memory saved with a picture taken in its place changes both, so a verification shows at once.
 */
const TRAVEL_TAGS = [
  { type: 'UserCard' as const, id: 'LIST' },
  { type: 'Card' as const, id: 'LIST' },
]

/** The travel map's calls (docs/product.md#screen-my-map). */
export const travelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMapPlaces: build.query<CallResponse<'getMapPlaces'>, void>({
      // The same drawing until the catalogue changes: a second visit is answered by the browser's cache (ETag).
      query: () => travelCalls.getMapPlaces,
    }),
    getMyMap: build.query<CallResponse<'getMyMap'>, void>({
      query: () => travelCalls.getMyMap,
      providesTags: TRAVEL_TAGS,
    }),
    getProgress: build.query<CallResponse<'getProgress'>, void>({
      query: () => travelCalls.getProgress,
      providesTags: TRAVEL_TAGS,
    }),
    getBucketList: build.query<CallResponse<'getBucketList'>, void>({
      query: () => travelCalls.getBucketList,
      providesTags: TRAVEL_TAGS,
    }),
    getPlaceTravel: build.query<CallResponse<'getPlaceTravel'>, string>({
      query: (cardId) => ({ ...travelCalls.getPlaceTravel, params: { cardId } }),
      providesTags: TRAVEL_TAGS,
    }),
    setWantToGo: build.mutation<CallResponse<'setWantToGo'>, CallBody<'setWantToGo'>>({
      query: (body) => ({ ...travelCalls.setWantToGo, body }),
      invalidatesTags: TRAVEL_TAGS,
    }),
    removeVerification: build.mutation<CallResponse<'removeVerification'>, CallBody<'removeVerification'>>({
      query: (body) => ({ ...travelCalls.removeVerification, body }),
      invalidatesTags: TRAVEL_TAGS,
    }),
    /** A year in cards: it follows copies and visits, memories and friends. */
    getYearRecap: build.query<CallResponse<'getYearRecap'>, number>({
      query: (year) => ({ ...travelCalls.getYearRecap, params: { year } }),
      providesTags: [...TRAVEL_TAGS, { type: 'Memory', id: 'LIST' }, { type: 'Friend', id: 'LIST' }],
    }),
    // Sharing changes the year's link only: the cached recap takes it without asking again.
    shareYearRecap: build.mutation<CallResponse<'shareYearRecap'>, CallBody<'shareYearRecap'>>({
      query: (body) => ({ ...travelCalls.shareYearRecap, body }),
      onQueryStarted: async ({ year }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }))
        if (data)
          dispatch(
            travelApi.util.updateQueryData('getYearRecap', year, (draft) => ({ ...draft, shareId: data.shareId })),
          )
      },
    }),
    stopSharingYearRecap: build.mutation<CallResponse<'stopSharingYearRecap'>, CallBody<'stopSharingYearRecap'>>({
      query: (body) => ({ ...travelCalls.stopSharingYearRecap, body }),
      onQueryStarted: async ({ year }, { dispatch, queryFulfilled }) => {
        if (await queryFulfilled.then(() => true).catch(() => false))
          dispatch(travelApi.util.updateQueryData('getYearRecap', year, (draft) => ({ ...draft, shareId: null })))
      },
    }),
  }),
})

export const {
  useGetMapPlacesQuery,
  useGetMyMapQuery,
  useGetProgressQuery,
  useGetBucketListQuery,
  useGetPlaceTravelQuery,
  useSetWantToGoMutation,
  useRemoveVerificationMutation,
  useGetYearRecapQuery,
  useShareYearRecapMutation,
  useStopSharingYearRecapMutation,
} = travelApi
