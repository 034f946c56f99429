import * as acquireCalls from '@shared/calls/acquire'
import * as mailCalls from '@shared/calls/mail'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { ACQUISITION_TAGS, baseApi } from '../../api/baseApi'
import { takeAnsweredBalances } from '../session/api'

/** The draw history and the guarantee's counter: both change with every pick or draw. */
const DRAW_HISTORY = [
  { type: 'DrawHistory', id: 'LIST' },
  { type: 'DrawHistory', id: 'PITY' },
] as const

/**
 * A pick or a draw changes credit, the collection, the owned badges of cards and possibly the certificates, earns
 * experience (a new level may unlock avatars) and adds to the draw history.
 */
const ACQUIRED = [...ACQUISITION_TAGS, { type: 'Avatar', id: 'LIST' }, ...DRAW_HISTORY] as const

export const acquireApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** "Get Notified" for physical cards: stores the request (one per account) that the announcement mail answers. */
    requestPhysicalCardsNotice: build.mutation<CallResponse<'requestPhysicalCardsNotice'>, void>({
      query: () => mailCalls.requestPhysicalCardsNotice,
    }),
    /** Asked before the first paid draw (docs/product.md#age-confirmation). */
    getAgeConfirmation: build.query<CallResponse<'getAgeConfirmation'>, void>({
      query: () => acquireCalls.getAgeConfirmation,
    }),
    confirmAge: build.mutation<CallResponse<'confirmAge'>, void>({
      query: () => acquireCalls.confirmAge,
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled
          await dispatch(acquireApi.util.upsertQueryData('getAgeConfirmation', undefined, data))
        } catch {
          // A refusal is shown by the shared error toast; the cached answer stays as it was.
        }
      },
    }),
    getPrices: build.query<CallResponse<'getPrices'>, void>({
      query: () => acquireCalls.getPrices,
      providesTags: [{ type: 'Prices', id: 'LIST' }],
    }),
    pickCard: build.mutation<CallResponse<'pickCard'>, CallBody<'pickCard'>>({
      query: (body) => ({ ...acquireCalls.pickCard, body }),
      // The pick screen shows the insufficient-credit and login texts itself.
      extraOptions: { silentErrors: true },
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: [...ACQUIRED],
    }),
    /**
     * A GET on the wire (docs/product.md#calls-catalogue), but it spends credit, so it is a mutation here and never
     * cached or refetched.
     */
    drawCard: build.mutation<CallResponse<'drawCard'>, { tenDraws: boolean }>({
      query: ({ tenDraws }) => ({ ...acquireCalls.drawCard, params: tenDraws ? { tenDraws: 1 } : undefined }),
      extraOptions: { silentErrors: true },
      onQueryStarted: (_args, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: [...ACQUIRED],
    }),
    getCardDrawResult: build.query<CallResponse<'getCardDrawResult'>, string>({
      query: (transactionId) => ({ ...acquireCalls.getCardDrawResult, params: { transactionId } }),
      // The result page says "not found" in place; a failure gets the shared toast and a retry.
      extraOptions: { silentErrors: 'refusals' },
      providesTags: (_result, _error, transactionId) => [{ type: 'DrawResult', id: transactionId }],
    }),
    /** Keyset pages of the user's picks and draws, newest first; each page's nextCursor asks for the one after it. */
    getMyDraws: build.infiniteQuery<CallResponse<'getMyDraws'>, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => ({ ...acquireCalls.getMyDraws, params: pageParam ? { cursor: pageParam } : undefined }),
      providesTags: [DRAW_HISTORY[0]],
    }),
    getDrawPity: build.query<CallResponse<'getDrawPity'>, void>({
      query: () => acquireCalls.getDrawPity,
      providesTags: [DRAW_HISTORY[1]],
    }),
    freeDrawCard: build.mutation<CallResponse<'freeDrawCard'>, void>({
      query: () => acquireCalls.freeDrawCard,
    }),
    getFreeCardDrawResult: build.query<CallResponse<'getFreeCardDrawResult'>, string>({
      query: (transactionId) => ({ ...acquireCalls.getFreeCardDrawResult, params: { transactionId } }),
      extraOptions: { silentErrors: 'refusals' },
    }),
  }),
})

export const {
  useGetAgeConfirmationQuery,
  useConfirmAgeMutation,
  useGetPricesQuery,
  usePickCardMutation,
  useDrawCardMutation,
  useGetCardDrawResultQuery,
  useGetMyDrawsInfiniteQuery,
  useGetDrawPityQuery,
  useFreeDrawCardMutation,
  useGetFreeCardDrawResultQuery,
  useRequestPhysicalCardsNoticeMutation,
} = acquireApi
