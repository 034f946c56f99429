import * as contentCalls from '@shared/calls/content'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'
import { callRequest } from '../../api/callRequest'

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestNewContent: build.mutation<CallResponse<'requestNewContent'>, CallBody<'requestNewContent'>>({
      query: (body) => callRequest(contentCalls.requestNewContent, body),
    }),
  }),
})

export const { useRequestNewContentMutation } = contentApi
