import * as moderationCalls from '@shared/calls/moderation'
import * as operatorCalls from '@shared/calls/operator'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

// The queue's tag type is added here, as the console's are, so the base API and the first load carry nothing of it.
export const moderationApi = baseApi.enhanceEndpoints({ addTagTypes: ['ModerationQueue'] }).injectEndpoints({
  endpoints: (build) => ({
    reportItem: build.mutation<CallResponse<'reportItem'>, CallBody<'reportItem'>>({
      query: (body) => ({ ...moderationCalls.reportItem, body }),
    }),
    // The console's moderation queue (operators only).
    getModerationQueue: build.query<CallResponse<'getModerationQueue'>, void>({
      query: () => operatorCalls.getModerationQueue,
      providesTags: [{ type: 'ModerationQueue', id: 'LIST' }],
    }),
    actOnQueueItem: build.mutation<CallResponse<'actOnQueueItem'>, CallBody<'actOnQueueItem'>>({
      query: (body) => ({ ...operatorCalls.actOnQueueItem, body }),
      // A refusal (another moderator acted first) also means the queue on screen is out of date.
      invalidatesTags: [{ type: 'ModerationQueue', id: 'LIST' }],
    }),
    unsuspend: build.mutation<CallResponse<'unsuspend'>, CallBody<'unsuspend'>>({
      query: (body) => ({ ...operatorCalls.unsuspend, body }),
      invalidatesTags: [{ type: 'ModerationQueue', id: 'LIST' }],
    }),
  }),
})

export const { useReportItemMutation, useGetModerationQueueQuery, useActOnQueueItemMutation, useUnsuspendMutation } =
  moderationApi
