import type {
  ModerationActionBody,
  ModerationActionResult,
  ModerationQueueResult,
  ReportBody,
  ReportResult,
  UnsuspendBody,
} from '@shared/moderation'

import { baseApi } from '../../api/baseApi'

// The queue's tag type is added here, as the console's are, so the base API and the first load carry nothing of it.
export const moderationApi = baseApi.enhanceEndpoints({ addTagTypes: ['ModerationQueue'] }).injectEndpoints({
  endpoints: (build) => ({
    reportItem: build.mutation<ReportResult, ReportBody>({
      query: (body) => ({ url: '/moderation/report', method: 'POST', body }),
    }),
    // The console's moderation queue (operators only).
    getModerationQueue: build.query<ModerationQueueResult, void>({
      query: () => '/operator/moderation/queue',
      providesTags: [{ type: 'ModerationQueue', id: 'LIST' }],
    }),
    actOnQueueItem: build.mutation<ModerationActionResult, ModerationActionBody>({
      query: (body) => ({ url: '/operator/moderation/act', method: 'POST', body }),
      // A refusal (another moderator acted first) also means the queue on screen is out of date.
      invalidatesTags: [{ type: 'ModerationQueue', id: 'LIST' }],
    }),
    unsuspend: build.mutation<null, UnsuspendBody>({
      query: (body) => ({ url: '/operator/moderation/unsuspend', method: 'POST', body }),
      invalidatesTags: [{ type: 'ModerationQueue', id: 'LIST' }],
    }),
  }),
})

export const { useReportItemMutation, useGetModerationQueueQuery, useActOnQueueItemMutation, useUnsuspendMutation } =
  moderationApi
