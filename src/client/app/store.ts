import { combineSlices, configureStore, createListenerMiddleware, type Action, type Middleware } from '@reduxjs/toolkit'

import { baseApi } from '../api/baseApi'
import { addApiListeners } from '../api/listeners'
import { createReplayGuard, type StoreExtra } from '../api/replayGuard'
import { addNotificationListeners } from '../features/notifications/listeners'
import { addSessionListeners } from '../features/session/listeners'
import { sessionSlice } from '../features/session/slice'

import { locationSlice } from './location'

export const rootReducer = combineSlices(baseApi, sessionSlice, locationSlice)
export type RootState = ReturnType<typeof rootReducer>

const REDACTED = '[redacted]'

/**
 * Fields whose values are secrets wherever they appear: in a call's arguments (RTK Query keeps them as
 * `meta.arg.originalArgs` and in the mutation's state), in answers and in the session. Compared case-insensitively.
 */
const SECRET_FIELDS = new Set(
  [
    'password',
    'newPassword',
    'currentPassword',
    'authKey',
    'token',
    'accessToken',
    'refreshToken',
    'clientSecret',
    'cardNumber',
    'expiry',
    'cvc',
    'redeemCode',
  ].map((name) => name.toLowerCase()),
)

/** Replaces every secret field's value, at any depth, so a recorded DevTools session can be shared safely. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_FIELDS.has(key.toLowerCase()) && inner != null ? REDACTED : redactSecrets(inner),
      ]),
    ) as T
  }
  return value
}

/** What Redux DevTools records: every action and every state pass through the redaction first. */
export const devToolsOptions = {
  name: 'Wandercards',
  actionSanitizer: <A extends Action>(action: A): A => redactSecrets(action),
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
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
  const replayGuard = createReplayGuard({ pageBound: baseApi.internalActions.middlewareRegistered.match })
  const extra: StoreExtra = { replay: replayGuard.status }
  const listenerMiddleware = createListenerMiddleware({ extra })
  const store = configureStore({
    reducer: rootReducer,
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
    enhancers: (getDefault) => getDefault().concat(replayGuard.enhancer),
    devTools: devToolsOptions,
  })
  if (sideEffects) {
    const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch, StoreExtra>()
    addApiListeners(startAppListening)
    addSessionListeners(startAppListening)
    addNotificationListeners(startAppListening)
  }
  return Object.assign(store, { replay: replayGuard.status })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
