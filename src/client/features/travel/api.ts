import type {
  BucketList,
  MapPlaces,
  MyMap,
  PlaceTravel,
  Progress,
  RemoveVerificationBody,
  SetWantToGoBody,
} from '@shared/travel'

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
    getMapPlaces: build.query<MapPlaces, void>({
      // The same drawing until the catalogue changes: a second visit is answered by the browser's cache (ETag).
      query: () => '/travel/getMapPlaces',
    }),
    getMyMap: build.query<MyMap, void>({
      query: () => '/travel/getMyMap',
      providesTags: TRAVEL_TAGS,
    }),
    getProgress: build.query<Progress, void>({
      query: () => '/collection/getProgress',
      providesTags: TRAVEL_TAGS,
    }),
    getBucketList: build.query<BucketList, void>({
      query: () => '/travel/getBucketList',
      providesTags: TRAVEL_TAGS,
    }),
    getPlaceTravel: build.query<PlaceTravel, string>({
      query: (cardId) => ({ url: '/travel/getPlaceTravel', params: { cardId } }),
      providesTags: TRAVEL_TAGS,
    }),
    setWantToGo: build.mutation<null, SetWantToGoBody>({
      query: (body) => ({ url: '/travel/setWantToGo', method: 'POST', body }),
      invalidatesTags: TRAVEL_TAGS,
    }),
    removeVerification: build.mutation<null, RemoveVerificationBody>({
      query: (body) => ({ url: '/travel/removeVerification', method: 'POST', body }),
      invalidatesTags: TRAVEL_TAGS,
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
} = travelApi
