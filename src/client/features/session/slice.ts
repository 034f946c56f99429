import { createSlice } from '@reduxjs/toolkit'

import { authorizationObserved, sessionEnded, tokenRestored, type SessionEndReason } from '../../api/sessionEvents'

import { sessionApi, sessionOpened } from './api'

/**
 * What only the client knows about the session (docs/product.md#data-session-state): the token, whether a session is
 * held, and why the last one ended. The traveller's name, level and balances are the cached getUser answer, and the
 * notification flag the cached notification check.
 */
export interface SessionState {
  authKey: string | null
  loggedIn: boolean | null
  /** Why the last session ended: after a logout the app goes home instead of to the login page. */
  endedBy: SessionEndReason | null
}

export const initialSessionState: SessionState = {
  authKey: null,
  loggedIn: null,
  endedBy: null,
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(tokenRestored, (state, { payload }) => {
        state.authKey = payload.authKey
      })
      .addCase(sessionEnded, (_state, { payload }) => ({
        ...initialSessionState,
        loggedIn: false,
        endedBy: payload.reason,
      }))
      .addCase(authorizationObserved, (state, { payload }) => {
        // A response without a valid session while none is held says nothing new; one that drops a held session ends it.
        // Failed calls end a session through the 401/403 handling; a server failure says nothing about the session.
        if (payload.failed) return
        // Login and registration answers are authorized before their token is stored; the session starts with the token.
        if (payload.authorized) {
          if (state.authKey) state.loggedIn = true
        } else if (state.loggedIn) state.loggedIn = false
      })
      .addMatcher(sessionOpened, (state, { payload }) => {
        state.authKey = payload.authKey
        state.loggedIn = true
      })
      .addMatcher(sessionApi.endpoints.getUser.matchFulfilled, (state, { payload }) => {
        // An empty answer ends the session (docs/product.md#session-states); the screen that asked dispatches
        // sessionEnded.
        if (payload) state.loggedIn = true
      })
  },
  selectors: {
    selectEndedBy: (state) => state.endedBy,
  },
})

export const { selectEndedBy } = sessionSlice.selectors
