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

/**
 * The travel map's calls (docs/product.md#screen-my-map). Injected by the screens that use them, not at start-up, so
 * the first load carries none of it (docs/decisions.md, Travel map).
 */
export const travelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMapPlaces: build.query<MapPlaces, void>({
      query: () => '/travel/getMapPlaces',
      // The drawing changes only with the catalogue: kept for the whole visit.
      keepUnusedDataFor: 3600,
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
      providesTags: (_result, _error, cardId) => [...TRAVEL_TAGS, { type: 'Card', id: cardId }],
    }),
    setWantToGo: build.mutation<null, SetWantToGoBody>({
      query: (body) => ({ url: '/travel/setWantToGo', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : TRAVEL_TAGS),
    }),
    removeVerification: build.mutation<null, RemoveVerificationBody>({
      query: (body) => ({ url: '/travel/removeVerification', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : TRAVEL_TAGS),
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
