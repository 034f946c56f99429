import * as accountCalls from '@shared/calls/account'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

/** The account's own calls (docs/product.md#account-data); the export is a download, not a cached call (dataExport.ts). */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The session ends with the answer, and with it every cached answer: nothing to invalidate.
    requestAccountDeletion: build.mutation<CallResponse<'requestAccountDeletion'>, CallBody<'requestAccountDeletion'>>({
      query: (body) => ({ ...accountCalls.requestAccountDeletion, body }),
    }),
  }),
})

export const { useRequestAccountDeletionMutation } = accountApi
