import { isRejectedWithValue, type ListenerEffectAPI, type TypedStartListening } from '@reduxjs/toolkit'

import type { AppDispatch, RootState } from '../app/store'
import type { StoreExtra } from '../lib/qaReplay/replayStatus'
import { enqueueSnackbar } from '../lib/toast'

import { baseApi } from './baseApi'
import { isApiError, toToast } from './errors'
import { authorizationObserved, sessionEnded, type SessionEndReason } from './sessionEvents'

/** What each feature's `addXListeners` receives: the app's listener middleware, typed with its state and dispatch. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, StoreExtra>
type Api = ListenerEffectAPI<RootState, AppDispatch, StoreExtra>

/**
 * Ends the session; the cache is cleared after the guarded screens have unmounted, so none refetches without a token.
 * Not while Redux DevTools shows a recorded state: its session is not the tester's, whose own login must stay.
 */
export async function endSession(api: Api, reason: SessionEndReason = 'expired') {
  if (api.extra.replay.isReplaying()) return
  api.dispatch(sessionEnded(reason))
  await api.delay(0)
  api.dispatch(baseApi.util.resetApiState())
}

/**
 * What every call shares: the failure toasts (docs/product.md#messages-request-handling) and the end of a session the
 * server no longer accepts (a 401/403, or an answer that is no longer authorized).
 */
export function addApiListeners(startListening: AppStartListening): void {
  // A held session that the server no longer accepts on a successful call ends quietly (for example a token
  // revoked elsewhere); failed calls end it through the rejection handling below, with its toast
  // (docs/product.md#messages-request-handling).
  startListening({
    actionCreator: authorizationObserved,
    effect: async (action, api) => {
      const { authorized, failed } = action.payload
      if (
        !authorized &&
        !failed &&
        api.getOriginalState().session.loggedIn === true &&
        api.getState().session.authKey
      ) {
        await endSession(api)
      }
    },
  })

  startListening({
    matcher: isRejectedWithValue,
    effect: async (action, api) => {
      const error = action.payload
      // While Redux DevTools shows a recorded state, an answer is not about the session shown: no toast, no logout.
      if (!isApiError(error) || api.extra.replay.isReplaying()) return
      const restoringSession = api.getOriginalState().session.loggedIn === null
      if (error.staleSession) return
      if (error.status === 401 || error.status === 403) {
        const hadSession = api.getOriginalState().session.authKey != null
        if (hadSession || api.getOriginalState().session.loggedIn) await endSession(api)
        // A stored token that no longer works at start-up is dropped without a word (docs/product.md#session-states).
        if (restoringSession || error.silent) return
      } else if (error.silent) {
        return
      }
      const { variant, message } = toToast(error)
      enqueueSnackbar(message, { variant })
    },
  })
}
