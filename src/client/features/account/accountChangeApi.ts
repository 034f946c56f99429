import type {
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  ConfirmEmailChangeResult,
  RequestEmailChangeBody,
  RequestEmailChangeResult,
  UndoEmailChangeBody,
  UndoEmailChangeResult,
} from '@shared/accountChange'

import { baseApi } from '../../api/baseApi'

/**
 * Changing the password and the e-mail address (docs/product.md#change-password, docs/product.md#change-e-mail). Kept
 * apart from the session's own endpoints, which the first load carries: only My Account and the pages of the e-mailed
 * links load these. Every form shows its refusals in place.
 */
export const accountChangeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<null, ChangePasswordBody>({
      query: (body) => ({ url: '/account/changePassword', method: 'POST', body }),
      extraOptions: { silentErrors: true },
    }),
    requestEmailChange: build.mutation<RequestEmailChangeResult, RequestEmailChangeBody>({
      query: (body) => ({ url: '/account/requestEmailChange', method: 'POST', body }),
      extraOptions: { silentErrors: true },
    }),
    confirmEmailChange: build.mutation<ConfirmEmailChangeResult, ConfirmEmailChangeBody>({
      query: (body) => ({ url: '/account/confirmEmailChange', method: 'POST', body }),
      extraOptions: { silentErrors: true },
      invalidatesTags: [{ type: 'User', id: 'ME' }],
    }),
    undoEmailChange: build.mutation<UndoEmailChangeResult, UndoEmailChangeBody>({
      query: (body) => ({ url: '/account/undoEmailChange', method: 'POST', body }),
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
