import * as catalogueCalls from '@shared/calls/catalogue'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import type { GetCardsOfCollectionQuery } from '@shared/catalogue'

import { baseApi } from '../../api/baseApi'

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCardCollections: build.query<CallResponse<'getCardCollections'>, void>({
      query: () => catalogueCalls.getCardCollections,
      providesTags: [{ type: 'CardCollection', id: 'LIST' }],
    }),
    getCardsOfCollection: build.query<CallResponse<'getCardsOfCollection'>, GetCardsOfCollectionQuery>({
      query: ({ collectionId, rarity }) => ({
        ...catalogueCalls.getCardsOfCollection,
        params: rarity === undefined ? { collectionId } : { collectionId, rarity },
      }),
      providesTags: (result, _error, { collectionId }) => [
        { type: 'Card', id: 'LIST' },
        { type: 'CardCollection', id: collectionId },
        ...(result ?? []).map((card) => ({ type: 'Card' as const, id: card.cardId })),
      ],
    }),
    getCard: build.query<CallResponse<'getCard'>, string>({
      query: (cardId) => ({ ...catalogueCalls.getCard, params: { cardId } }),
      // The card page says "Card not found" in place; a failure gets the shared toast and a retry.
      extraOptions: { silentErrors: 'refusals' },
      // Card:LIST is what acquisitions invalidate: the count of copies on an open card page changes with them.
      providesTags: (_result, _error, cardId) => [
        { type: 'Card', id: cardId },
        { type: 'Card', id: 'LIST' },
      ],
    }),
    // The catalogue changes only with a new version (a restart), so a search's answer has nothing to invalidate.
    searchPlaces: build.query<CallResponse<'searchPlaces'>, string>({
      query: (query) => ({ ...catalogueCalls.searchPlaces, params: { query } }),
    }),
    setBeenThere: build.mutation<CallResponse<'setBeenThere'>, CallBody<'setBeenThere'>>({
      query: (body) => ({ ...catalogueCalls.setBeenThere, body }),
      // Been-there belongs to the place, so the other rarities of the card refresh too.
      invalidatesTags: (_result, _error, { cardId }) => [
        { type: 'Card', id: cardId },
        { type: 'Card', id: 'LIST' },
      ],
    }),
  }),
})

export const {
  useGetCardCollectionsQuery,
  useGetCardsOfCollectionQuery,
  useGetCardQuery,
  useSearchPlacesQuery,
  useSetBeenThereMutation,
} = catalogueApi
