import * as operatorCalls from '@shared/calls/operator'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import type { ConsolePaymentsQuery } from '@shared/consolePayments'

import { baseApi } from '../../api/baseApi'

/**
 * The console's Payments calls (docs/product.md#console-payments). The tag type is added here, not on the base API,
 * so the first load carries nothing of the console.
 */
export const consolePaymentsApi = baseApi.enhanceEndpoints({ addTagTypes: ['ConsolePayments'] }).injectEndpoints({
  endpoints: (build) => ({
    getConsolePayments: build.query<CallResponse<'getConsolePayments'>, ConsolePaymentsQuery>({
      query: ({ traveller }) => ({
        ...operatorCalls.getConsolePayments,
        params: traveller ? { traveller } : undefined,
      }),
      providesTags: ['ConsolePayments'],
    }),
    refundPurchase: build.mutation<CallResponse<'refundPurchase'>, CallBody<'refundPurchase'>>({
      query: (body) => ({ ...operatorCalls.refundPurchase, body }),
      invalidatesTags: ['ConsolePayments'],
    }),
  }),
})

export const { useGetConsolePaymentsQuery, useRefundPurchaseMutation } = consolePaymentsApi
