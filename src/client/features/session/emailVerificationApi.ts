import * as emailVerificationCalls from '@shared/calls/emailVerification'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

/**
 * Confirming the address (docs/product.md#verified-e-mail). Injected from the confirmation page's and the banner's
 * chunks, never the first load's.
 */
export const emailVerificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The page shows refusals in place.
    verifyEmail: build.mutation<CallResponse<'verifyEmail'>, CallBody<'verifyEmail'>>({
      query: (body) => ({ ...emailVerificationCalls.verifyEmail, body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
    // Refusals (too many, e-mail off) are shown by the shared request handling.
    resendVerificationEmail: build.mutation<CallResponse<'resendVerificationEmail'>, undefined>({
      query: () => emailVerificationCalls.resendVerificationEmail,
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
  }),
})
