import * as operatorCalls from '@shared/calls/operator'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import type { ListContentRequestsQuery } from '@shared/console'
import type { AuditLogFilter, GetAuditLogQuery } from '@shared/operator'

import { baseApi } from '../../api/baseApi'

/** Query strings without the parts left empty. */
function searchOf(query: object): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string' && value !== '') params.set(name, value)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The console's calls (docs/product.md#console). Its tag types are added here rather than on the base API, so the
 * first load carries nothing of the console.
 */
export const consoleApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['SecondFactor', 'ConsoleTraveller', 'ContentRequest', 'AuditLog'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // A traveller is answered as by an unknown route: the console shows "Page Not Found" itself.
      getSecondFactor: build.query<CallResponse<'getSecondFactor'>, void>({
        query: () => operatorCalls.getSecondFactor,
        providesTags: ['SecondFactor'],
        extraOptions: { silentErrors: 'refusals' },
      }),
      enrolSecondFactor: build.mutation<CallResponse<'enrolSecondFactor'>, void>({
        query: () => operatorCalls.enrolSecondFactor,
      }),
      verifySecondFactor: build.mutation<CallResponse<'verifySecondFactor'>, CallBody<'verifySecondFactor'>>({
        query: (body) => ({ ...operatorCalls.verifySecondFactor, body }),
        invalidatesTags: ['SecondFactor', 'AuditLog'],
      }),
      getAuditLog: build.query<CallResponse<'getAuditLog'>, GetAuditLogQuery>({
        query: (query) => `${operatorCalls.getAuditLog.url}${searchOf(query)}`,
        providesTags: ['AuditLog'],
      }),
      exportAuditLog: build.mutation<string, AuditLogFilter>({
        query: (filter) => ({
          url: `${operatorCalls.exportAuditLog.url}${searchOf(filter)}`,
          responseHandler: 'text',
        }),
        invalidatesTags: ['AuditLog'],
      }),
      searchTravellers: build.query<CallResponse<'searchTravellers'>, string>({
        query: (q) => `${operatorCalls.searchTravellers.url}${searchOf({ q })}`,
      }),
      getTraveller: build.query<CallResponse<'getTraveller'>, string>({
        query: (userId) => `${operatorCalls.getTraveller.url}${searchOf({ userId })}`,
        providesTags: (_result, _error, userId) => [{ type: 'ConsoleTraveller', id: userId }],
      }),
      adjustCredit: build.mutation<CallResponse<'adjustCredit'>, CallBody<'adjustCredit'>>({
        query: (body) => ({ ...operatorCalls.adjustCredit, body }),
        invalidatesTags: (_result, _error, { userId }) => [{ type: 'ConsoleTraveller', id: userId }, 'AuditLog'],
      }),
      endSessions: build.mutation<CallResponse<'endSessions'>, CallBody<'endSessions'>>({
        query: (body) => ({ ...operatorCalls.endSessions, body }),
        invalidatesTags: (_result, _error, { userId }) => [{ type: 'ConsoleTraveller', id: userId }, 'AuditLog'],
      }),
      sendPasswordReset: build.mutation<CallResponse<'sendPasswordReset'>, CallBody<'sendPasswordReset'>>({
        query: (body) => ({ ...operatorCalls.sendPasswordReset, body }),
        invalidatesTags: ['AuditLog'],
      }),
      getContentRequests: build.query<CallResponse<'getContentRequests'>, ListContentRequestsQuery>({
        query: (query) => `${operatorCalls.getContentRequests.url}${searchOf(query)}`,
        providesTags: ['ContentRequest'],
      }),
      replyToContentRequest: build.mutation<CallResponse<'replyToContentRequest'>, CallBody<'replyToContentRequest'>>({
        query: (body) => ({ ...operatorCalls.replyToContentRequest, body }),
        invalidatesTags: ['ContentRequest', 'AuditLog'],
      }),
      markContentRequestDone: build.mutation<
        CallResponse<'markContentRequestDone'>,
        CallBody<'markContentRequestDone'>
      >({
        query: (body) => ({ ...operatorCalls.markContentRequestDone, body }),
        invalidatesTags: ['ContentRequest', 'AuditLog'],
      }),
    }),
  })

export const {
  useGetSecondFactorQuery,
  useEnrolSecondFactorMutation,
  useVerifySecondFactorMutation,
  useGetAuditLogQuery,
  useExportAuditLogMutation,
  useSearchTravellersQuery,
  useGetTravellerQuery,
  useAdjustCreditMutation,
  useEndSessionsMutation,
  useSendPasswordResetMutation,
  useGetContentRequestsQuery,
  useReplyToContentRequestMutation,
  useMarkContentRequestDoneMutation,
} = consoleApi
