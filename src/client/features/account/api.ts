import type { RequestAccountDeletionBody, RequestAccountDeletionResult } from '@shared/account'

import { baseApi } from '../../api/baseApi'

/** The account's own calls (docs/product.md#account-data); the export is a download, not a cached call (dataExport.ts). */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The session ends with the answer, and with it every cached answer: nothing to invalidate.
    requestAccountDeletion: build.mutation<RequestAccountDeletionResult, RequestAccountDeletionBody>({
      query: (body) => ({ url: '/account/requestDeletion', method: 'POST', body }),
    }),
  }),
})

export const { useRequestAccountDeletionMutation } = accountApi
