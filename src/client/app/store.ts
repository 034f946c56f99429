import { combineSlices, configureStore, createListenerMiddleware, type Action, type Middleware } from '@reduxjs/toolkit'

import { baseApi } from '../api/baseApi'
import { addApiListeners } from '../api/listeners'
import { createReplayGuard, type StoreExtra } from '../api/replayGuard'
import { addNotificationListeners } from '../features/notifications/listeners'
import { addSessionListeners } from '../features/session/listeners'
import { sessionSlice } from '../features/session/slice'

import { locationReducer, locationSlice } from './location'

export const rootReducer = combineSlices(baseApi, sessionSlice, { [locationSlice.reducerPath]: locationReducer })
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

/** Query parameters whose values are secrets in a location's `search` (a payment provider's return address). */
const SECRET_PARAMS = /secret|token|password|redeem/i

function redactSearch(search: string): string {
  if (!search.includes('=')) return search
  const params = new URLSearchParams(search)
  let changed = false
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.test(name)) {
      params.set(name, REDACTED)
      changed = true
    }
  }
  return changed ? `?${params.toString()}` : search
}

/**
 * Replaces every secret field's value, at any depth, so a recorded DevTools session can be shared safely. What holds
 * no secret comes back as the same object, and each object is redacted once (DevTools asks again for every state of
 * the history, and consecutive states share most of their objects), so redacting a long history costs what its
 * changes cost, not its length times the state's size.
 */
export function redactSecrets<T>(value: T): T {
  return redact(value) as T
}

const redacted = new WeakMap<object, unknown>()

function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value
  const known = redacted.get(value)
  if (known !== undefined) return known
  let result: unknown = value
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => redact(item))
    if (items.some((item, index) => item !== value[index])) result = items
  } else {
    const entries = Object.entries(value)
    const next = entries.map(([key, inner]): [string, unknown] => {
      if (SECRET_FIELDS.has(key.toLowerCase()) && inner != null) return [key, REDACTED]
      if (key === 'search' && typeof inner === 'string') return [key, redactSearch(inner)]
      return [key, redact(inner)]
    })
    if (next.some(([, inner], index) => inner !== entries[index]?.[1])) result = Object.fromEntries(next)
  }
  redacted.set(value, result)
  return result
}

/**
 * What Redux DevTools records (docs/qa-replay.md). The sanitizers redact every action and state the page sends the
 * extension. They are not applied to what the page answers when the extension asks it for an export (the extension's
 * default for a store that declares no `features`), so `export: true` makes the extension write its own copy, which
 * only ever held sanitized data. The other features are the extension's defaults. `maxAge` keeps a whole session.
 */
export const devToolsOptions = {
  name: 'Wandercards',
  maxAge: 2000,
  features: {
    pause: true,
    lock: true,
    persist: true,
    export: true,
    import: 'custom' as const,
    jump: true,
    skip: true,
    reorder: true,
    dispatch: true,
    test: true,
  },
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
  const replayGuard = createReplayGuard({
    pageBound: baseApi.internalActions.middlewareRegistered.match,
    fromShownState: baseApi.internalActions.queryResultPatched.match,
  })
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
