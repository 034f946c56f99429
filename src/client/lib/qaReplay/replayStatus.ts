import type { BaseQueryApi } from '@reduxjs/toolkit/query'

import type { ApiError } from '../../api/errors'

/**
 * Whether the store shows the app's own live state, or a state Redux DevTools put there: a jump back in time, an
 * imported recording, a skipped action or a rollback (docs/qa-replay.md). Side effects ask it before they act.
 */
export interface ReplayStatus {
  isReplaying(): boolean
  /**
   * Whether the state shown was put there by Redux DevTools (a jump, an import, a skip, a revert), the live one
   * included, rather than by the page's own last action: a screen opened by such a move shows itself settled, as it
   * was then, without replaying its entrance.
   */
  travelled(): boolean
  /** Resolves at once when the live state is shown, else when it is shown again (or when `signal` aborts). */
  whenLive(signal?: AbortSignal): Promise<void>
}

/** What thunks, RTK Query's base query and listeners receive as their `extra` argument. */
export interface StoreExtra {
  replay: ReplayStatus
}

/** The status of a page without Redux DevTools: it only ever shows its live state. */
export const alwaysLive: ReplayStatus = {
  isReplaying: () => false,
  travelled: () => false,
  whenLive: () => Promise.resolve(),
}

/**
 * What a request does while a recorded state is shown: a change (any mutation) is refused at once, quietly; a read
 * waits for the live state. Resolves to the refusal, or to null once the request may go.
 */
export async function replayRefusal(api: Pick<BaseQueryApi, 'extra' | 'type' | 'signal'>): Promise<ApiError | null> {
  const { replay } = api.extra as StoreExtra
  if (!replay.isReplaying()) return null
  if (api.type === 'mutation') {
    return { kind: 'replay', status: 0, errorCode: null, message: 'Not sent: a recorded state is shown', silent: true }
  }
  await replay.whenLive(api.signal)
  return null
}
