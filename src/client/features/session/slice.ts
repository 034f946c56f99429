import { createSlice, isAnyOf, isFulfilled, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit'

import { authorizationObserved, sessionEnded, tokenRestored, type SessionEndReason } from '../../api/sessionEvents'

import { sessionApi } from './api'

/**
 * The session state (docs/product.md#data-session-state), plus the token. Whether a notification is new is the
 * notification check's cached answer, and polling is a listener task.
 */
export interface SessionState {
  authKey: string | null
  loggedIn: boolean | null
  username: string
  email: string
  avatarId: number
  digitalCredit: number
  physicalCredit: number
  userLevel: number
  userExp: number
  expToLevelUp: number
  expForCurrentLevel: number
  friendCode: string
  /** Why the last session ended: after a logout the app goes home instead of to the login page. */
  endedBy: SessionEndReason | null
}

export const initialSessionState: SessionState = {
  authKey: null,
  loggedIn: null,
  username: '',
  email: '',
  avatarId: 1,
  digitalCredit: 0,
  physicalCredit: 0,
  userLevel: 0,
  userExp: 0,
  expToLevelUp: 0,
  expForCurrentLevel: 0,
  friendCode: '',
  endedBy: null,
}

interface UserData {
  digitalCredit?: number
  physicalCredit?: number
}

/** Calls such as pickCard, drawCard and redeem answer with `userData`; the header's balances follow it. */
function carriesUserData(action: UnknownAction): action is PayloadAction<{ userData: UserData }> {
  if (!isFulfilled(action)) return false
  const payload = action.payload as { userData?: unknown } | null
  return (
    typeof payload === 'object' && payload != null && typeof payload.userData === 'object' && payload.userData != null
  )
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
      .addMatcher(
        isAnyOf(sessionApi.endpoints.login.matchFulfilled, sessionApi.endpoints.register.matchFulfilled),
        (state, { payload }) => {
          Object.assign(state, {
            authKey: payload.authKey,
            loggedIn: true,
            username: payload.username,
            email: payload.email,
            avatarId: payload.avatarId,
            digitalCredit: payload.digitalCredit,
            physicalCredit: payload.physicalCredit,
            friendCode: payload.friendCode,
          })
        },
      )
      .addMatcher(sessionApi.endpoints.getUser.matchFulfilled, (state, { payload }) => {
        // An empty answer ends the session (docs/product.md#session-states); the screen that asked dispatches
        // sessionEnded.
        if (!payload) return
        Object.assign(state, {
          loggedIn: true,
          username: payload.username,
          email: payload.email,
          avatarId: payload.avatarId,
          digitalCredit: payload.digitalCredit,
          physicalCredit: payload.physicalCredit,
          userLevel: payload.userLevel,
          userExp: payload.userExp,
          expToLevelUp: payload.expToLevelUp,
          expForCurrentLevel: payload.expForCurrentLevel,
          friendCode: payload.friendCode,
        })
      })
      .addMatcher(sessionApi.endpoints.updateProfile.matchFulfilled, (state, { payload }) => {
        state.username = payload.username
        state.avatarId = payload.avatarId
      })
      .addMatcher(carriesUserData, (state, { payload }) => {
        if (typeof payload.userData.digitalCredit === 'number') state.digitalCredit = payload.userData.digitalCredit
        if (typeof payload.userData.physicalCredit === 'number') state.physicalCredit = payload.userData.physicalCredit
      })
  },
  selectors: {
    selectSession: (state) => state,
    selectLoggedIn: (state) => state.loggedIn,
    selectAuthKey: (state) => state.authKey,
    selectEndedBy: (state) => state.endedBy,
  },
})

export const { selectSession, selectLoggedIn, selectAuthKey, selectEndedBy } = sessionSlice.selectors
