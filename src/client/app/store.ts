import { combineSlices, configureStore, createListenerMiddleware, type Middleware } from '@reduxjs/toolkit'

import { baseApi } from '../api/baseApi'
import { registerSessionListeners } from '../api/listeners'
import { sessionSlice } from '../features/session/slice'

export const rootReducer = combineSlices(baseApi, sessionSlice)
export type RootState = ReturnType<typeof rootReducer>

const REDACTED = '[redacted]'

/** Replaces every `authKey` value, at any depth, so recorded DevTools sessions can be shared without the token. */
export function redactAuthKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactAuthKeys) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'authKey' && typeof inner === 'string' ? REDACTED : redactAuthKeys(inner),
      ]),
    ) as T
  }
  return value
}

export interface MakeStoreOptions {
  /** Listeners run side effects (storage, polling, toasts); a replay of recorded actions turns them off. */
  sideEffects?: boolean
  /** Sees every action that reaches the reducer, the way a DevTools recording does. */
  recorder?: Middleware
}

export function makeStore(
  preloadedState?: Partial<RootState>,
  { sideEffects = true, recorder }: MakeStoreOptions = {},
) {
  const listenerMiddleware = createListenerMiddleware()
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => {
      const defaults = getDefault().concat(baseApi.middleware)
      // The listener middleware and the recorder add no dispatch signatures, so the list keeps the defaults' typing.
      const listeners = sideEffects ? [listenerMiddleware.middleware] : []
      return [...listeners, ...defaults, ...(recorder ? [recorder] : [])] as unknown as typeof defaults
    },
    devTools: {
      name: 'Wandercards',
      stateSanitizer: (state) => redactAuthKeys(state),
      actionSanitizer: (action) => redactAuthKeys(action),
    },
  })
  if (sideEffects) registerSessionListeners(listenerMiddleware.startListening.withTypes<RootState, AppDispatch>())
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
