import type { Action, Reducer, StoreEnhancer } from '@reduxjs/toolkit'

import type { ReplayStatus } from './replayStatus'

export interface ReplayGuardOptions {
  /**
   * Actions that describe the page that dispatched them rather than the session, such as RTK Query's middleware
   * registration (it carries the page's API instance id). A replayed one counts as this page's own, so a recording
   * made in another page replays to the same state.
   */
  pageBound?: (action: Action) => boolean
  /**
   * Actions computed from the state on screen, such as RTK Query's cache patches (an optimistic update). While a
   * recorded state is shown they are dropped: the store applies every action to the live state, which they do not fit.
   */
  fromShownState?: (action: Action) => boolean
}

/** What the DevTools' instrumented store exposes of its history (@redux-devtools/instrument's lifted state). */
interface LiftedView {
  getState(): { currentStateIndex: number; computedStates: unknown[]; skippedActionIds: number[] }
}

/**
 * The DevTools enhancer replaces what `getState()` returns and recomputes states through the reducer without passing
 * through the app's dispatch. This enhancer sits between the app's middleware and the DevTools, so it sees both.
 *
 * A state is the page's own when the reducer computed it from the page's own initial state by the page's own actions,
 * in the order the page dispatched them: whether the app dispatched it just now, or the DevTools recomputed it after a
 * skip was undone or a revert. The live state is shown when the state shown is the page's own, is the newest of the
 * history and no action is skipped; anything else is a replay. So the page goes on as soon as the tester returns to
 * the newest state of its own history (a jump forward, an undone skip, a Revert to a state the tester committed), and
 * stays paused after an import, or a Revert to the page's first state, until the page is reloaded.
 */
export function createReplayGuard({ pageBound, fromShownState }: ReplayGuardOptions = {}): {
  status: ReplayStatus
  enhancer: StoreEnhancer
} {
  let replaying = false
  let travelled = false
  let waiters: (() => void)[] = []
  const status: ReplayStatus = {
    isReplaying: () => replaying,
    travelled: () => travelled,
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
      /** The order in which the page dispatched each of its actions. */
      const ownActions = new WeakMap<object, number>()
      /** The page's own states, each with the order of the last own action it reflects (0: none yet). */
      const ownStates = new WeakMap<object, number>()
      let dispatched = 0
      let dispatching = 0
      let ownPageAction: A | undefined

      const own = (state: unknown): number | undefined =>
        state !== null && typeof state === 'object' ? ownStates.get(state) : undefined
      const observe =
        <P>(inner: Reducer<S, A, P>): Reducer<S, A, P> =>
        (state, action) => {
          const order = ownActions.get(action)
          if (order !== undefined && pageBound?.(action)) ownPageAction = action
          const replayed = order === undefined && ownPageAction && pageBound?.(action) ? ownPageAction : action
          const next = inner(state, replayed)
          if (next !== null && typeof next === 'object') {
            const before = state === undefined || (state as unknown) === preloadedState ? 0 : own(state)
            // The DevTools' first action ('@@INIT') on the page's initial state starts the page's history. Computed
            // again later (a Revert with nothing committed), it gives the page as it was before it restored its session
            // and opened its first screen, which is not a state the page can go on from.
            const initial = order === undefined && before === 0 && action.type === '@@INIT' && dispatched === 0
            if (before !== undefined && (initial || (order !== undefined && order > before))) {
              if (!ownStates.has(next)) ownStates.set(next, initial ? 0 : (order as number))
            }
          }
          return next
        }

      const store = createStore(observe(reducer), preloadedState)
      const lifted = (store as unknown as { liftedStore?: LiftedView }).liftedStore
      const isLive = (shown: S): boolean => {
        if (own(shown) === undefined) return false
        if (!lifted) return true
        const history = lifted.getState()
        return history.currentStateIndex === history.computedStates.length - 1 && history.skippedActionIds.length === 0
      }
      // The page's own first state, computed before the enhancer could see its action.
      const first: unknown = store.getState()
      if (first !== null && typeof first === 'object' && !ownStates.has(first)) ownStates.set(first, 0)

      store.subscribe(() => {
        travelled = dispatching === 0
        const nowReplaying = !isLive(store.getState())
        if (nowReplaying === replaying) return
        replaying = nowReplaying
        if (!replaying) for (const wake of [...waiters]) wake()
      })

      return {
        ...store,
        dispatch: ((action: A) => {
          if (replaying && fromShownState?.(action)) return action
          if (!ownActions.has(action)) ownActions.set(action, (dispatched += 1))
          dispatching += 1
          try {
            return store.dispatch(action)
          } finally {
            dispatching -= 1
          }
        }) as typeof store.dispatch,
        replaceReducer: (next: Reducer<S, A>) => store.replaceReducer(observe(next)),
      }
    }

  return { status, enhancer }
}
