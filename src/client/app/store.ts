import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type DevToolsEnhancerOptions,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit'

import { baseApi } from '../api/baseApi'
import { addApiListeners } from '../api/listeners'
import { addNotificationListeners } from '../features/notifications/listeners'
import { addSessionListeners } from '../features/session/listeners'
import { sessionSlice } from '../features/session/slice'
import { locationSlice } from '../lib/qaReplay/locationSlice'
import type { createReplayGuard } from '../lib/qaReplay/replayGuard'
import { alwaysLive, type StoreExtra } from '../lib/qaReplay/replayStatus'

export const rootReducer = combineSlices(baseApi, sessionSlice, locationSlice)
export type RootState = ReturnType<typeof rootReducer>

export interface MakeStoreOptions {
  /** Listeners run side effects (storage, polling, toasts); a replay of recorded actions turns them off. */
  sideEffects?: boolean
  /** Sees every action that reaches the reducer, the way a DevTools recording does. */
  recorder?: Middleware
  /**
   * What connects the store to the Redux DevTools extension (lib/qaReplay/devTools.ts, loaded only when the extension is
   * there). Without it the store never talks to the extension, so nothing unsanitized can be recorded.
   */
  devTools?: DevToolsSetup
}

/**
 * The extension's options, the reducer as the extension may run it (refusing states it cannot read), and the replay
 * guard, which tells the live state from one the extension shows (docs/qa-replay.md).
 */
export interface DevToolsSetup {
  options: DevToolsEnhancerOptions
  reducer: (reducer: typeof rootReducer) => Reducer<RootState>
  replayGuard: typeof createReplayGuard
}

export function makeStore(
  preloadedState?: Partial<RootState>,
  { sideEffects = true, recorder, devTools }: MakeStoreOptions = {},
) {
  // Only Redux DevTools can show a state other than the live one; without it the page is always live.
  const replayGuard = devTools?.replayGuard({
    pageBound: baseApi.internalActions.middlewareRegistered.match,
    fromShownState: baseApi.internalActions.queryResultPatched.match,
  })
  const replay = replayGuard?.status ?? alwaysLive
  const extra: StoreExtra = { replay }
  const listenerMiddleware = createListenerMiddleware({ extra })
  const store = configureStore({
    reducer: devTools ? (devTools.reducer(rootReducer) as typeof rootReducer) : rootReducer,
    preloadedState,
    middleware: (getDefault) => {
      // The development checks keep the store serializable and reducers pure for QA replay; on a busy machine they take
      // longer than their 32 ms warning threshold without anything being wrong, so they warn only when really slow.
      const defaults = getDefault({
        thunk: { extraArgument: extra },
        immutableCheck: { warnAfter: 250 },
        serializableCheck: { warnAfter: 250 },
      }).concat(baseApi.middleware)
      // The listener middleware and the recorder add no dispatch signatures, so the list keeps the defaults' typing.
      const listeners = sideEffects ? [listenerMiddleware.middleware] : []
      return [...listeners, ...defaults, ...(recorder ? [recorder] : [])] as unknown as typeof defaults
    },
    // The guard sits below the app's middleware and above the DevTools, which every enhancer listed here precedes.
    enhancers: (getDefault) => (replayGuard ? getDefault().concat(replayGuard.enhancer) : getDefault()),
    devTools: devTools?.options ?? false,
  })
  if (sideEffects) {
    const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch, StoreExtra>()
    addApiListeners(startAppListening)
    addSessionListeners(startAppListening)
    addNotificationListeners(startAppListening)
  }
  return Object.assign(store, { replay })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
