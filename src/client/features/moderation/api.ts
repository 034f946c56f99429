import type { ReportBody, ReportResult } from '@shared/moderation'

import { baseApi } from '../../api/baseApi'

export const moderationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    reportItem: build.mutation<ReportResult, ReportBody>({
      query: (body) => ({ url: '/moderation/report', method: 'POST', body }),
    }),
  }),
})

export const { useReportItemMutation } = moderationApi
