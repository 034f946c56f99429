import type {
  CreatePaymentIntentBody,
  CreatePaymentIntentResult,
  CreditCertificate,
  CreditProduct,
  RedeemCreditCertificateBody,
  RedeemCreditCertificateResult,
  SetSpendingLimitBody,
  SpendingLimit,
  TestModeConfirmBody,
  TestModeConfirmResult,
  VerifyPaymentIntentBody,
  VerifyPaymentIntentResult,
} from '@shared/wallet'

import { baseApi } from '../../api/baseApi'
import { takeAnsweredBalances } from '../session/api'

const CREDIT_CHANGED = [{ type: 'User', id: 'ME' }] as const
/** The spending limit is the traveller's own data; a purchase started or paid changes what the month has left. */
const SPENDING_CHANGED = [{ type: 'User', id: 'SPENDING_LIMIT' }] as const

export const walletApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCreditProducts: build.query<CreditProduct[], void>({
      query: () => '/payment/getCreditProducts',
      providesTags: [{ type: 'CreditProduct', id: 'LIST' }],
    }),
    getMyCreditCertificates: build.query<CreditCertificate[], void>({
      query: () => '/payment/getMyCreditCertificates',
      providesTags: [{ type: 'Certificate', id: 'LIST' }],
    }),
    createPaymentIntent: build.mutation<CreatePaymentIntentResult, CreatePaymentIntentBody>({
      query: (body) => ({ url: '/payment/createPaymentIntent', method: 'POST', body }),
      // The purchase modal shows the reason in place.
      extraOptions: { silentErrors: true },
      invalidatesTags: [...SPENDING_CHANGED],
    }),
    verifyPaymentIntent: build.mutation<VerifyPaymentIntentResult, VerifyPaymentIntentBody>({
      query: (body) => ({ url: '/payment/verifyPaymentIntent', method: 'POST', body }),
      // The wallet shows "Purchase failed!" in place.
      extraOptions: { silentErrors: true },
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: [...CREDIT_CHANGED, ...SPENDING_CHANGED],
    }),
    getSpendingLimit: build.query<SpendingLimit, void>({
      query: () => '/payment/getSpendingLimit',
      // The section shows its own failure with a retry.
      extraOptions: { silentErrors: 'refusals' },
      providesTags: [...SPENDING_CHANGED],
    }),
    setSpendingLimit: build.mutation<SpendingLimit, SetSpendingLimitBody>({
      query: (body) => ({ url: '/payment/setSpendingLimit', method: 'POST', body }),
      invalidatesTags: [...SPENDING_CHANGED],
    }),
    /** Also used by the draw result's "Redeem Instantly"; an invalid code gets the server's warning toast. */
    redeemCreditCertificate: build.mutation<RedeemCreditCertificateResult, RedeemCreditCertificateBody>({
      query: (body) => ({ url: '/payment/redeemCreditCertificate', method: 'POST', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: [...CREDIT_CHANGED, { type: 'Certificate', id: 'LIST' }],
    }),
    /** The built-in test-mode provider's card charge; refusals come back as data, shown in the form. */
    confirmTestModePayment: build.mutation<TestModeConfirmResult, TestModeConfirmBody>({
      query: (body) => ({ url: '/payment/testMode/confirmPayment', method: 'POST', body }),
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
