import type { CallBody, CallResponse } from '@shared/calls/schemas'
import * as walletCalls from '@shared/calls/wallet'

import { baseApi } from '../../api/baseApi'
import { takeAnsweredBalances } from '../session/api'

const CREDIT_CHANGED = [{ type: 'User', id: 'ME' }] as const
/** The spending limit is the traveller's own data; a purchase started or paid changes what the month has left. */
const SPENDING_CHANGED = [{ type: 'User', id: 'SPENDING_LIMIT' }] as const

export const walletApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCreditProducts: build.query<CallResponse<'getCreditProducts'>, void>({
      query: () => walletCalls.getCreditProducts,
      providesTags: [{ type: 'CreditProduct', id: 'LIST' }],
    }),
    getMyCreditCertificates: build.query<CallResponse<'getMyCreditCertificates'>, void>({
      query: () => walletCalls.getMyCreditCertificates,
      providesTags: [{ type: 'Certificate', id: 'LIST' }],
    }),
    createPaymentIntent: build.mutation<CallResponse<'createPaymentIntent'>, CallBody<'createPaymentIntent'>>({
      query: (body) => ({ ...walletCalls.createPaymentIntent, body }),
      // The purchase modal shows the reason in place.
      extraOptions: { silentErrors: true },
      invalidatesTags: [...SPENDING_CHANGED],
    }),
    verifyPaymentIntent: build.mutation<CallResponse<'verifyPaymentIntent'>, CallBody<'verifyPaymentIntent'>>({
      query: (body) => ({ ...walletCalls.verifyPaymentIntent, body }),
      // The wallet shows "Purchase failed!" in place.
      extraOptions: { silentErrors: true },
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: [...CREDIT_CHANGED, ...SPENDING_CHANGED],
    }),
    getSpendingLimit: build.query<CallResponse<'getSpendingLimit'>, void>({
      query: () => walletCalls.getSpendingLimit,
      // The section shows its own failure with a retry.
      extraOptions: { silentErrors: 'refusals' },
      providesTags: [...SPENDING_CHANGED],
    }),
    setSpendingLimit: build.mutation<CallResponse<'setSpendingLimit'>, CallBody<'setSpendingLimit'>>({
      query: (body) => ({ ...walletCalls.setSpendingLimit, body }),
      invalidatesTags: [...SPENDING_CHANGED],
    }),
    /** Also used by the draw result's "Redeem Instantly"; an invalid code gets the server's warning toast. */
    redeemCreditCertificate: build.mutation<
      CallResponse<'redeemCreditCertificate'>,
      CallBody<'redeemCreditCertificate'>
    >({
      query: (body) => ({ ...walletCalls.redeemCreditCertificate, body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: [...CREDIT_CHANGED, { type: 'Certificate', id: 'LIST' }],
    }),
    /** The built-in test-mode provider's card charge; refusals come back as data, shown in the form. */
    confirmTestModePayment: build.mutation<CallResponse<'confirmTestModePayment'>, CallBody<'confirmTestModePayment'>>({
      query: (body) => ({ ...walletCalls.confirmTestModePayment, body }),
      extraOptions: { silentErrors: true },
    }),
  }),
})

export const {
  useGetCreditProductsQuery,
  useGetMyCreditCertificatesQuery,
  useCreatePaymentIntentMutation,
  useVerifyPaymentIntentMutation,
  useRedeemCreditCertificateMutation,
  useConfirmTestModePaymentMutation,
  useGetSpendingLimitQuery,
  useSetSpendingLimitMutation,
} = walletApi
