import { isAnyOf, isRejectedWithValue, type ListenerEffectAPI, type TypedStartListening } from '@reduxjs/toolkit'
import { enqueueSnackbar } from 'notistack'

import { NOTIFICATION_POLL_MS } from '@shared/constants'

import type { AppDispatch, RootState } from '../app/store'
import { notificationsApi } from '../features/notifications/api'
import { sessionApi } from '../features/session/api'
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage'
import { waitOrUntilShown, whenPageVisible } from '../lib/visibility'

import { baseApi } from './baseApi'
import { isApiError, toToast } from './errors'
import { authorizationObserved, sessionEnded, tokenRestored, type SessionEndReason } from './sessionEvents'

type StartListening = TypedStartListening<RootState, AppDispatch>
type Api = ListenerEffectAPI<RootState, AppDispatch>

const sessionOpened = isAnyOf(sessionApi.endpoints.login.matchFulfilled, sessionApi.endpoints.register.matchFulfilled)
const sessionBegan = isAnyOf(
  sessionApi.endpoints.login.matchFulfilled,
  sessionApi.endpoints.register.matchFulfilled,
  sessionApi.endpoints.getUser.matchFulfilled,
)

/** Ends the session; the cache is cleared after the guarded screens have unmounted, so none refetches without a token. */
async function endSession(api: Api, reason: SessionEndReason = 'expired') {
  api.dispatch(sessionEnded(reason))
  await api.delay(0)
  api.dispatch(baseApi.util.resetApiState())
}

/**
 * Side effects of the session: token storage, notification polling, the failure toasts
 * (docs/product.md#messages-request-handling) and the 401/403 logout.
 */
export function registerSessionListeners(startListening: StartListening): void {
  // Token persistence lives here, never in a reducer.
  startListening({
    matcher: sessionOpened,
    effect: (action) => {
      if (sessionOpened(action)) writeStorage(STORAGE_KEYS.authToken, action.payload.authKey)
    },
  })
  startListening({
    actionCreator: sessionEnded,
    effect: (action) => {
      if (action.payload.reason !== 'unreachable') writeStorage(STORAGE_KEYS.authToken, null)
    },
  })

  // Notifications are checked at once and then every 10 s while the session lasts; a new session restarts the loop.
  // A hidden tab is not polled: the loop waits until the tab is shown and then checks at once.
  startListening({
    matcher: sessionBegan,
    effect: async (_action, api) => {
      api.cancelActiveListeners()
      const poll = api.fork(async (forkApi) => {
        for (;;) {
          await forkApi.pause(whenPageVisible(forkApi.signal))
          await api.dispatch(
            notificationsApi.endpoints.checkNewNotifications.initiate(undefined, {
              subscribe: false,
              forceRefetch: true,
            }),
          )
          await forkApi.pause(waitOrUntilShown(NOTIFICATION_POLL_MS, forkApi.signal))
        }
      })
      await api.condition((action) => sessionEnded.match(action))
      poll.cancel()
    },
  })

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
      if (!isApiError(error)) return
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

  startListening({
    actionCreator: tokenRestored,
    effect: async (_action, api) => {
      const result = await api.dispatch(sessionApi.endpoints.getUser.initiate(undefined, { subscribe: false }))
      if (!result.isError || api.getState().session.loggedIn === true) return
      // Only a token the server refused is dropped; when the server cannot answer, the token waits for the next visit.
      const refused = isApiError(result.error) && (result.error.status === 401 || result.error.status === 403)
      await endSession(api, refused ? 'expired' : 'unreachable')
    },
  })
}

/** Start-up: a stored token loads the user, or is dropped if it no longer works. */
export function restoreSession(dispatch: AppDispatch): void {
  const authKey = readStorage(STORAGE_KEYS.authToken)
  if (authKey) dispatch(tokenRestored({ authKey }))
  else dispatch(sessionEnded('visitor'))
}
