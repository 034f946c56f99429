import type {
  AdjustCreditBody,
  AdjustCreditResult,
  ConsoleContentRequest,
  ContentRequestPage,
  EndSessionsResult,
  ListContentRequestsQuery,
  TravellerActionBody,
  TravellerDetail,
  TravellerMatch,
} from '@shared/console'
import type {
  AuditLogFilter,
  AuditLogPage,
  GetAuditLogQuery,
  SecondFactorEnrolment,
  SecondFactorStatus,
} from '@shared/operator'

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
      getSecondFactor: build.query<SecondFactorStatus, void>({
        query: () => '/operator/secondFactor',
        providesTags: ['SecondFactor'],
        extraOptions: { silentErrors: 'refusals' },
      }),
      enrolSecondFactor: build.mutation<SecondFactorEnrolment, void>({
        query: () => ({ url: '/operator/secondFactor/enrol', method: 'POST' }),
      }),
      verifySecondFactor: build.mutation<SecondFactorStatus, { code: string }>({
        query: (body) => ({ url: '/operator/secondFactor/verify', method: 'POST', body }),
        invalidatesTags: ['SecondFactor', 'AuditLog'],
      }),
      getAuditLog: build.query<AuditLogPage, GetAuditLogQuery>({
        query: (query) => `/operator/auditLog${searchOf(query)}`,
        providesTags: ['AuditLog'],
      }),
      exportAuditLog: build.mutation<string, AuditLogFilter>({
        query: (filter) => ({ url: `/operator/auditLog/export${searchOf(filter)}`, responseHandler: 'text' }),
        invalidatesTags: ['AuditLog'],
      }),
      searchTravellers: build.query<TravellerMatch[], string>({
        query: (q) => `/operator/travellers/search${searchOf({ q })}`,
      }),
      getTraveller: build.query<TravellerDetail, string>({
        query: (userId) => `/operator/travellers/traveller${searchOf({ userId })}`,
        providesTags: (_result, _error, userId) => [{ type: 'ConsoleTraveller', id: userId }],
      }),
      adjustCredit: build.mutation<AdjustCreditResult, AdjustCreditBody>({
        query: (body) => ({ url: '/operator/travellers/adjustCredit', method: 'POST', body }),
        invalidatesTags: (_result, _error, { userId }) => [{ type: 'ConsoleTraveller', id: userId }, 'AuditLog'],
      }),
      endSessions: build.mutation<EndSessionsResult, TravellerActionBody>({
        query: (body) => ({ url: '/operator/travellers/endSessions', method: 'POST', body }),
        invalidatesTags: (_result, _error, { userId }) => [{ type: 'ConsoleTraveller', id: userId }, 'AuditLog'],
      }),
      sendPasswordReset: build.mutation<null, TravellerActionBody>({
        query: (body) => ({ url: '/operator/travellers/sendPasswordReset', method: 'POST', body }),
        invalidatesTags: ['AuditLog'],
      }),
      getContentRequests: build.query<ContentRequestPage, ListContentRequestsQuery>({
        query: (query) => `/operator/contentRequests${searchOf(query)}`,
        providesTags: ['ContentRequest'],
      }),
      replyToContentRequest: build.mutation<ConsoleContentRequest, { requestId: string; reply: string }>({
        query: (body) => ({ url: '/operator/contentRequests/reply', method: 'POST', body }),
        invalidatesTags: ['ContentRequest', 'AuditLog'],
      }),
      markContentRequestDone: build.mutation<ConsoleContentRequest, { requestId: string }>({
        query: (body) => ({ url: '/operator/contentRequests/markDone', method: 'POST', body }),
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
