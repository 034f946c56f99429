import * as accountCalls from '@shared/calls/account'
import type { CallBody, CallResponse } from '@shared/calls/schemas'
import type { UpdateProfileResult } from '@shared/session'

import { baseApi } from '../../api/baseApi'
import { sessionApi } from '../session/api'

/**
 * The account's own calls: the profile on My Account, and its data (docs/product.md#account-data); the export is a
 * download, not a cached call (dataExport.ts).
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAvatarList: build.query<CallResponse<'getAvatarList'>, void>({
      query: () => accountCalls.getAvatarList,
      providesTags: [{ type: 'Avatar', id: 'LIST' }],
    }),
    updateProfile: build.mutation<CallResponse<'updateProfile'>, CallBody<'updateProfile'>>({
      query: (body) => ({ ...accountCalls.updateProfile, body }),
      // The header shows the new name and avatar at once, before the traveller is refetched.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        let profile: UpdateProfileResult
        try {
          profile = (await queryFulfilled).data
        } catch {
          return
        }
        dispatch(
          sessionApi.util.updateQueryData('getUser', undefined, (user) => {
            if (user) Object.assign(user, { username: profile.username, avatarId: profile.avatarId })
          }),
        )
      },
      invalidatesTags: [
        { type: 'User', id: 'ME' },
        { type: 'Friend', id: 'LIST' },
      ],
    }),
    // The session ends with the answer, and with it every cached answer: nothing to invalidate.
    requestAccountDeletion: build.mutation<CallResponse<'requestAccountDeletion'>, CallBody<'requestAccountDeletion'>>({
      query: (body) => ({ ...accountCalls.requestAccountDeletion, body }),
    }),
  }),
})

export const { useGetAvatarListQuery, useUpdateProfileMutation, useRequestAccountDeletionMutation } = accountApi
