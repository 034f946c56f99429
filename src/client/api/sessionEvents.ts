import { createAction } from '@reduxjs/toolkit'

/** A response carried metadata.authorized; the logged-in flag follows it (docs/product.md#session-states). */
export const authorizationObserved = createAction<{ authorized: boolean; failed: boolean }>(
  'session/authorizationObserved',
)
/** The session is over: logout, a 401/403, or a stored token that no longer works. */
export const sessionEnded = createAction('session/sessionEnded', (reason: SessionEndReason = 'expired') => ({
  payload: { reason },
}))
/** `unreachable`: the stored token could not be checked at start-up (server down); it is kept for the next visit. */
export type SessionEndReason = 'logout' | 'expired' | 'visitor' | 'unreachable'
/** A token was found in storage at start-up; the user is loaded next. */
export const tokenRestored = createAction<{ authKey: string }>('session/tokenRestored')
