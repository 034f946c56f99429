import { isAnyOf } from '@reduxjs/toolkit'

import type { CallBody, CallResponse } from '@shared/calls/schemas'
import * as sessionCalls from '@shared/calls/session'
import type { User } from '@shared/session'

import { baseApi } from '../../api/baseApi'
import { useAppSelector } from '../../lib/hooks'

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<CallResponse<'register'>, CallBody<'register'>>({
      query: (body) => ({ ...sessionCalls.register, body }),
      extraOptions: { silentErrors: true },
    }),
    login: build.mutation<CallResponse<'login'>, CallBody<'login'>>({
      query: (body) => ({ ...sessionCalls.login, body }),
    }),
    // Both screens show refusals in place (docs/product.md#forgot-password).
    requestPasswordReset: build.mutation<CallResponse<'requestPasswordReset'>, CallBody<'requestPasswordReset'>>({
      query: (body) => ({ ...sessionCalls.requestPasswordReset, body }),
      extraOptions: { silentErrors: true },
    }),
    resetPassword: build.mutation<CallResponse<'resetPassword'>, CallBody<'resetPassword'>>({
      query: (body) => ({ ...sessionCalls.resetPassword, body }),
      extraOptions: { silentErrors: true },
    }),
    logout: build.mutation<CallResponse<'logout'>, void>({
      query: () => sessionCalls.logout,
      extraOptions: { silentErrors: true },
    }),
    // An answer without a user means the session is gone; the slice and My Account end it.
    getUser: build.query<CallResponse<'getUser'> | null, void>({
      query: () => sessionCalls.getUser,
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
  }),
})

export const { useRegisterMutation, useLoginMutation, useLogoutMutation, useGetUserQuery } = sessionApi

/** A login, a registration or a password reset answered: a new session holds its token. */
export const sessionOpened = isAnyOf(
  sessionApi.endpoints.login.matchFulfilled,
  sessionApi.endpoints.register.matchFulfilled,
  sessionApi.endpoints.resetPassword.matchFulfilled,
)

/** A session is known to exist: it was opened, or the user of a held token was loaded. */
export const sessionBegan = isAnyOf(sessionOpened, sessionApi.endpoints.getUser.matchFulfilled)

/** Whether a session is held: null until the start-up check ends. The session slice keeps it under `session`. */
export const selectLoggedIn = (state: { session: { loggedIn: boolean | null } }) => state.session.loggedIn

/**
 * Whether the app shows a traveller's screens: a session is held, or a stored one is being checked. The check rarely
 * fails, and when it does the session ends and the login guard takes over; until then the header and the screen take
 * shape instead of a lone spinner.
 */
export const selectSessionHeld = (state: { session: { loggedIn: boolean | null; authKey: string | null } }) =>
  state.session.loggedIn ?? state.session.authKey !== null

/** The traveller of the held session, as the cache last heard it; undefined until loaded or while no session is held. */
export function useCurrentUser() {
  return useGetUserQuery(undefined, { skip: useAppSelector(selectLoggedIn) !== true })
}

/** The balances a call such as pickCard, drawCard, recycleUserCard or redeemCreditCertificate answers with. */
export type AnsweredBalances = Partial<Pick<User, 'digitalCredit' | 'physicalCredit'>>

/**
 * For a call that answers with the new balances: once it succeeds, the cached traveller takes them, so the header
 * shows them at once rather than after the traveller is refetched. A failure is the calling screen's to report.
 */
export async function takeAnsweredBalances<Result>(
  dispatch: (action: ReturnType<typeof patchBalances>) => unknown,
  answer: Promise<{ data: Result }>,
  balancesOf: (result: Result) => AnsweredBalances,
): Promise<void> {
  let result: Result
  try {
    result = (await answer).data
  } catch {
    return
  }
  dispatch(patchBalances(balancesOf(result)))
}

function patchBalances({ digitalCredit, physicalCredit }: AnsweredBalances) {
  return sessionApi.util.updateQueryData('getUser', undefined, (user) => {
    if (!user) return
    if (digitalCredit !== undefined) user.digitalCredit = digitalCredit
    if (physicalCredit !== undefined) user.physicalCredit = physicalCredit
  })
}
