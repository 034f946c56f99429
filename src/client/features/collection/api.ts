import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit'

import * as collectionCalls from '@shared/calls/collection'
import type { CallResponse } from '@shared/calls/schemas'
import type { GiftUserCardBody, OwnedCardEntry, RecycleUserCardBody } from '@shared/collection'

import { baseApi } from '../../api/baseApi'
import type { RootState } from '../../app/store'
import { takeAnsweredBalances } from '../session/api'

/** Screens look owned cards up by card (the copies of a card, x{count}), so the collection is cached normalized by cardId. */
const ownedCardsAdapter = createEntityAdapter<OwnedCardEntry, string>({ selectId: (entry) => entry.cardId })
const emptyCollection = ownedCardsAdapter.getInitialState()

export interface RecycleUserCardArgs extends RecycleUserCardBody {
  /** The card of the copy, so its card page refreshes its count of copies. */
  cardId: string
}

export interface GiftUserCardArgs extends GiftUserCardBody {
  /** The card of the copy, so its card page refreshes its count of copies. */
  cardId: string
}

export const collectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyCollection: build.query<EntityState<OwnedCardEntry, string>, void>({
      query: () => collectionCalls.getMyCollection,
      transformResponse: (response: CallResponse<'getMyCollection'>) =>
        ownedCardsAdapter.setAll(emptyCollection, response),
      providesTags: [{ type: 'UserCard', id: 'LIST' }],
    }),
    getUserCard: build.query<CallResponse<'getUserCard'>, string>({
      query: (userCardId) => ({ ...collectionCalls.getUserCard, params: { userCardId } }),
      // The screen shows "User card not found" in place; a failure gets the shared toast and a retry.
      extraOptions: { silentErrors: 'refusals' },
      providesTags: (_result, _error, userCardId) => [{ type: 'UserCard', id: userCardId }],
    }),
    // The value follows the card's rarity, which never changes; no tag, so a recycle does not ask again for a gone copy.
    getRecycleValue: build.query<CallResponse<'getRecycleValue'>, string>({
      query: (userCardId) => ({ ...collectionCalls.getRecycleValue, params: { userCardId } }),
    }),
    recycleUserCard: build.mutation<CallResponse<'recycleUserCard'>, RecycleUserCardArgs>({
      query: ({ userCardId }) => ({ ...collectionCalls.recycleUserCard, body: { userCardId } }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => ({ digitalCredit: result.newUserDigitalCredit })),
      invalidatesTags: (_result, _error, { userCardId, cardId }) => [
        { type: 'User', id: 'ME' },
        { type: 'UserCard', id: 'LIST' },
        { type: 'UserCard', id: userCardId },
        { type: 'Card', id: cardId },
      ],
    }),
    getGiftAllowance: build.query<CallResponse<'getGiftAllowance'>, void>({
      query: () => collectionCalls.getGiftAllowance,
      providesTags: [{ type: 'User', id: 'GIFTS' }],
    }),
    giftUserCard: build.mutation<CallResponse<'giftUserCard'>, GiftUserCardArgs>({
      query: ({ userCardId, friendUserId }) => ({
        ...collectionCalls.giftUserCard,
        body: { userCardId, friendUserId },
      }),
      // The dialog shows a refusal in place.
      extraOptions: { silentErrors: 'refusals' },
      // A refusal too: the copy may have moved or gained a memory meanwhile.
      invalidatesTags: (_result, _error, { userCardId, cardId }) => [
        { type: 'User', id: 'ME' },
        { type: 'User', id: 'GIFTS' },
        { type: 'UserCard', id: 'LIST' },
        { type: 'UserCard', id: userCardId },
        { type: 'Card', id: cardId },
        { type: 'Friend', id: 'LIST' },
        { type: 'DrawHistory', id: 'LIST' },
      ],
    }),
  }),
})

export const {
  useGetMyCollectionQuery,
  useGetUserCardQuery,
  useGetRecycleValueQuery,
  useRecycleUserCardMutation,
  useGetGiftAllowanceQuery,
  useGiftUserCardMutation,
} = collectionApi

const selectMyCollectionResult = collectionApi.endpoints.getMyCollection.select()
const selectMyCollectionData = createSelector(selectMyCollectionResult, (result) => result.data ?? emptyCollection)

export const { selectAll: selectAllOwnedCards, selectById: selectOwnedCardById } = ownedCardsAdapter.getSelectors(
  (state: RootState) => selectMyCollectionData(state),
)

/** The owned cards of one collection. */
export const selectOwnedCardsOfCollection = createSelector(
  [selectAllOwnedCards, (_state: RootState, collectionId: string | null) => collectionId],
  (entries, collectionId) => entries.filter((entry) => entry.collectionId === collectionId),
)

/** The collections the user holds at least one card of, in no particular order. */
export const selectCollectionIdsWithCards = createSelector([selectAllOwnedCards], (entries) => [
  ...new Set(entries.map((entry) => entry.collectionId)),
])
