import type { RequestNewContentBody } from '@shared/content'

import { baseApi } from '../../api/baseApi'

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestNewContent: build.mutation<null, RequestNewContentBody>({
      query: (body) => ({ url: '/system/requestNewContent', method: 'POST', body }),
    }),
  }),
})

export const { useRequestNewContentMutation } = contentApi
