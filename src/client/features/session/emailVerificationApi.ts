import type { ResendVerificationEmailResult, VerifyEmailBody, VerifyEmailResult } from '@shared/session'

import { baseApi } from '../../api/baseApi'

/**
 * Confirming the address (docs/product.md#verified-e-mail). Injected from the confirmation page's and the banner's
 * chunks, never the first load's.
 */
export const emailVerificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The page shows refusals in place.
    verifyEmail: build.mutation<VerifyEmailResult, VerifyEmailBody>({
      query: (body) => ({ url: '/verifyEmail', method: 'POST', body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
    // Refusals (too many, e-mail off) are shown by the shared request handling.
    resendVerificationEmail: build.mutation<ResendVerificationEmailResult, undefined>({
      query: () => ({ url: '/resendVerificationEmail', method: 'POST' }),
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
  }),
})
