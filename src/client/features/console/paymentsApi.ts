import type {
  ConsolePayments,
  ConsolePaymentsQuery,
  RefundPurchaseBody,
  RefundPurchaseResult,
} from '@shared/consolePayments'

import { baseApi } from '../../api/baseApi'

/**
 * The console's Payments calls (docs/product.md#console-payments). The tag type is added here, not on the base API,
 * so the first load carries nothing of the console.
 */
export const consolePaymentsApi = baseApi.enhanceEndpoints({ addTagTypes: ['ConsolePayments'] }).injectEndpoints({
  endpoints: (build) => ({
    getConsolePayments: build.query<ConsolePayments, ConsolePaymentsQuery>({
      query: ({ traveller }) => ({ url: '/operator/payments', params: traveller ? { traveller } : undefined }),
      providesTags: ['ConsolePayments'],
    }),
    refundPurchase: build.mutation<RefundPurchaseResult, RefundPurchaseBody>({
      query: (body) => ({ url: '/operator/payments/refund', method: 'POST', body }),
      invalidatesTags: ['ConsolePayments'],
    }),
  }),
})

export const { useGetConsolePaymentsQuery, useRefundPurchaseMutation } = consolePaymentsApi
