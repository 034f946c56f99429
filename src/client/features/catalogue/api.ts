import type {
  Card,
  CardCollection,
  CollectionCard,
  GetCardsOfCollectionQuery,
  PlaceSearchResult,
  SetBeenThereBody,
} from '@shared/catalogue'

import { baseApi } from '../../api/baseApi'

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCardCollections: build.query<CardCollection[], void>({
      query: () => '/getCardCollections',
      providesTags: [{ type: 'CardCollection', id: 'LIST' }],
    }),
    getCardsOfCollection: build.query<CollectionCard[], GetCardsOfCollectionQuery>({
      query: ({ collectionId, rarity }) => ({
        url: '/getCardsOfCollection',
        params: rarity === undefined ? { collectionId } : { collectionId, rarity },
      }),
      providesTags: (result, _error, { collectionId }) => [
        { type: 'Card', id: 'LIST' },
        { type: 'CardCollection', id: collectionId },
        ...(result ?? []).map((card) => ({ type: 'Card' as const, id: card.cardId })),
      ],
    }),
    getCard: build.query<Card, string>({
      query: (cardId) => ({ url: '/getCard', params: { cardId } }),
      // The card page says "Card not found" in place; a failure gets the shared toast and a retry.
      extraOptions: { silentErrors: 'refusals' },
      // Card:LIST is what acquisitions invalidate: the count of copies on an open card page changes with them.
      providesTags: (_result, _error, cardId) => [
        { type: 'Card', id: cardId },
        { type: 'Card', id: 'LIST' },
      ],
    }),
    // The catalogue changes only with a new version (a restart), so a search's answer has nothing to invalidate.
    searchPlaces: build.query<PlaceSearchResult[], string>({
      query: (query) => ({ url: '/searchPlaces', params: { query } }),
    }),
    setBeenThere: build.mutation<null, SetBeenThereBody>({
      query: (body) => ({ url: '/setBeenThere', method: 'POST', body }),
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
