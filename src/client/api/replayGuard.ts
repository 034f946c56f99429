import type { Action, Reducer, StoreEnhancer } from '@reduxjs/toolkit'
import type { BaseQueryApi } from '@reduxjs/toolkit/query'

import type { ApiError } from './errors'

/**
 * Whether the store shows the app's own live state, or a state Redux DevTools put there: a jump back in time, an
 * imported recording, a skipped action or a rollback (docs/qa-replay.md). Side effects ask it before they act.
 */
export interface ReplayStatus {
  isReplaying(): boolean
  /** Resolves at once when the live state is shown, else when it is shown again (or when `signal` aborts). */
  whenLive(signal?: AbortSignal): Promise<void>
}

/** What thunks, RTK Query's base query and listeners receive as their `extra` argument. */
export interface StoreExtra {
  replay: ReplayStatus
}

export interface ReplayGuardOptions {
  /**
   * Actions that describe the page that dispatched them rather than the session, such as RTK Query's middleware
   * registration (it carries the page's API instance id). A replayed one counts as this page's own, so a recording
   * made in another page replays to the same state.
   */
  pageBound?: (action: Action) => boolean
}

/**
 * The DevTools enhancer replaces what `getState()` returns and recomputes states through the reducer without passing
 * through the app's dispatch. This enhancer sits between the app's middleware and the DevTools, so it sees both: a
 * state computed for an action the app dispatched on top of its last live state is the new live state; any other
 * state shown is a replay. A replayed state that equals the live one (an action skipped and then restored) counts as
 * live again. After an import the app stays paused until the page is reloaded: the recording is not this page's
 * session.
 */
export function createReplayGuard({ pageBound }: ReplayGuardOptions = {}): {
  status: ReplayStatus
  enhancer: StoreEnhancer
} {
  let replaying = false
  let waiters: (() => void)[] = []
  const status: ReplayStatus = {
    isReplaying: () => replaying,
    whenLive(signal) {
      if (!replaying || signal?.aborted) return Promise.resolve()
      return new Promise((resolve) => {
        const done = () => {
          waiters = waiters.filter((waiter) => waiter !== done)
          signal?.removeEventListener('abort', done)
          resolve()
        }
        waiters.push(done)
        signal?.addEventListener('abort', done)
      })
    },
  }

  const enhancer: StoreEnhancer =
    (createStore) =>
    <S, A extends Action, PreloadedState>(reducer: Reducer<S, A, PreloadedState>, preloadedState?: PreloadedState) => {
      let liveDispatch = false
      let liveState: S | undefined
      let ownPageAction: A | undefined

      const observe =
        <P>(inner: Reducer<S, A, P>): Reducer<S, A, P> =>
        (state, action) => {
          if (liveDispatch) {
            if (pageBound?.(action)) ownPageAction = action
            const next = inner(state, action)
            if (state === liveState) liveState = next
            return next
          }
          const replayed = ownPageAction && pageBound?.(action) ? ownPageAction : action
          return inner(state, replayed)
        }

      const store = createStore(observe(reducer), preloadedState)
      liveState = store.getState()

      const sameAsLive = (shown: S) => JSON.stringify(shown) === JSON.stringify(liveState)
      store.subscribe(() => {
        const shown = store.getState()
        let nowReplaying = shown !== liveState
        if (nowReplaying && !liveDispatch && sameAsLive(shown)) {
          liveState = shown
          nowReplaying = false
        }
        if (nowReplaying === replaying) return
        replaying = nowReplaying
        if (!replaying) for (const wake of [...waiters]) wake()
      })

      return {
        ...store,
        dispatch: ((action: A) => {
          const outer = liveDispatch
          liveDispatch = true
          try {
            return store.dispatch(action)
          } finally {
            liveDispatch = outer
          }
        }) as typeof store.dispatch,
        replaceReducer: (next: Reducer<S, A>) => store.replaceReducer(observe(next)),
      }
    }

  return { status, enhancer }
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
