import type { CallBody, CallResponse } from '@shared/calls/schemas'
import * as sessionCalls from '@shared/calls/session'

import { baseApi } from '../../api/baseApi'
import { callRequest } from '../../api/callRequest'

/**
 * Confirming the address (docs/product.md#verified-e-mail). Injected from the confirmation page's and the banner's
 * chunks, never the first load's.
 */
export const emailVerificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The page shows refusals in place.
    verifyEmail: build.mutation<CallResponse<'verifyEmail'>, CallBody<'verifyEmail'>>({
      query: (body) => callRequest(sessionCalls.verifyEmail, body),
      extraOptions: { silentErrors: true },
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
    // Refusals (too many, e-mail off) are shown by the shared request handling.
    resendVerificationEmail: build.mutation<CallResponse<'resendVerificationEmail'>, undefined>({
      query: () => callRequest(sessionCalls.resendVerificationEmail),
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
  }),
})
