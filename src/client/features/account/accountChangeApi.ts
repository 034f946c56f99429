import * as accountCalls from '@shared/calls/account'
import type { CallBody, CallResponse } from '@shared/calls/schemas'

import { baseApi } from '../../api/baseApi'

/**
 * Changing the password and the e-mail address (docs/product.md#change-password, docs/product.md#change-e-mail). Kept
 * apart from the session's own endpoints, which the first load carries: only My Account and the pages of the e-mailed
 * links load these. Every form shows its refusals in place.
 */
export const accountChangeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<CallResponse<'changePassword'>, CallBody<'changePassword'>>({
      query: (body) => ({ ...accountCalls.changePassword, body }),
      extraOptions: { silentErrors: true },
    }),
    requestEmailChange: build.mutation<CallResponse<'requestEmailChange'>, CallBody<'requestEmailChange'>>({
      query: (body) => ({ ...accountCalls.requestEmailChange, body }),
      extraOptions: { silentErrors: true },
    }),
    confirmEmailChange: build.mutation<CallResponse<'confirmEmailChange'>, CallBody<'confirmEmailChange'>>({
      query: (body) => ({ ...accountCalls.confirmEmailChange, body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
    undoEmailChange: build.mutation<CallResponse<'undoEmailChange'>, CallBody<'undoEmailChange'>>({
      query: (body) => ({ ...accountCalls.undoEmailChange, body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
  }),
})

export const {
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useUndoEmailChangeMutation,
} = accountChangeApi
