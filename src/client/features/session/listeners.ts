import { isApiError } from '../../api/errors'
import { endSession, type AppStartListening } from '../../api/listeners'
import { sessionEnded, tokenRestored } from '../../api/sessionEvents'
import type { AppDispatch } from '../../app/store'
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage'

import { sessionApi, sessionOpened } from './api'

/** The session's side effects: the token kept in storage, and a stored token checked at start-up. */
export function addSessionListeners(startListening: AppStartListening): void {
  // Token persistence lives here, never in a reducer.
  startListening({
    matcher: sessionOpened,
    effect: (action) => {
      writeStorage(STORAGE_KEYS.authToken, action.payload.authKey)
    },
  })
  startListening({
    actionCreator: sessionEnded,
    effect: (action, api) => {
      // Logging out of a recorded session shown in Redux DevTools must not drop the tester's own stored login.
      if (api.extra.replay.isReplaying()) return
      if (action.payload.reason === 'unreachable') return
      writeStorage(STORAGE_KEYS.authToken, null)
      // Words written for photo visits are the traveller's, not the next person's at this device.
      writeStorage(STORAGE_KEYS.visitTexts, null)
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
