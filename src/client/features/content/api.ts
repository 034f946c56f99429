import * as contentCalls from '@shared/calls/content'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestNewContent: build.mutation<CallResponse<'requestNewContent'>, CallBody<'requestNewContent'>>({
      query: (body) => ({ ...contentCalls.requestNewContent, body }),
    }),
  }),
})

export const { useRequestNewContentMutation } = contentApi
