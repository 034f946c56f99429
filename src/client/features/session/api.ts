import { isAnyOf } from '@reduxjs/toolkit'

import type {
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisterResult,
  UpdateProfileBody,
  UpdateProfileResult,
  User,
} from '@shared/session'

import { baseApi } from '../../api/baseApi'

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegisterResult, RegisterBody>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      extraOptions: { silentErrors: true },
    }),
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      extraOptions: { silentErrors: true },
    }),
    // An answer without a user means the session is gone; the slice and My Account end it.
    getUser: build.query<User | null, void>({
      query: () => '/getUser',
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
    getAvatarList: build.query<number[], void>({
      query: () => '/getAvatarList',
      providesTags: [{ type: 'Avatar', id: 'LIST' }],
    }),
    updateProfile: build.mutation<UpdateProfileResult, UpdateProfileBody>({
      query: (body) => ({ url: '/account/updateProfile', method: 'POST', body }),
      invalidatesTags: [
        { type: 'User', id: 'ME' },
        { type: 'Friend', id: 'LIST' },
      ],
    }),
  }),
})

export const {
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useGetUserQuery,
  useGetAvatarListQuery,
  useUpdateProfileMutation,
} = sessionApi

/** A login or a registration answered: a new session holds its token. */
export const sessionOpened = isAnyOf(
  sessionApi.endpoints.login.matchFulfilled,
  sessionApi.endpoints.register.matchFulfilled,
)

/** A session is known to exist: it was opened, or the user of a held token was loaded. */
export const sessionBegan = isAnyOf(sessionOpened, sessionApi.endpoints.getUser.matchFulfilled)
