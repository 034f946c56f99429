import type { Action, Reducer } from '@reduxjs/toolkit'

import type { DevToolsSetup, RootState } from '../../app/store'

import type { RouteLocation } from './locationSlice'
import { createReplayGuard } from './replayGuard'

/**
 * The store's connection to the Redux DevTools extension (docs/qa-replay.md). main.tsx loads this module only when
 * the extension is in the page, so it costs other visitors nothing.
 */

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
    // An operator's authenticator enrolment: the TOTP secret, and the otpauth:// URI and QR code that carry it.
    'secret',
    'uri',
    'qrSvg',
  ].map((name) => name.toLowerCase()),
)

/** Query parameters whose values are secrets in a location's `search` (a payment provider's return address). */
const SECRET_PARAMS = /secret|token|password|redeem/i

/** A location's fragment may carry a secret too: the password reset link's `#token=…`. */
function redactHash(hash: string): string {
  if (!hash.includes('=')) return hash
  const redacted = redactSearch(`?${hash.replace(/^#/, '')}`)
  return redacted === `?${hash.replace(/^#/, '')}` ? hash : `#${redacted.slice(1)}`
}

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
      if (key === 'hash' && typeof inner === 'string') return [key, redactHash(inner)]
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
const devToolsOptions = {
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

/** What refuses a recording whose location another build of the app wrote. */
export const INCOMPATIBLE_RECORDING =
  'This recording was made by another version of Wandercards and cannot be replayed: its location has another shape.'

/**
 * The reducer as the extension runs it, refusing a state the app did not write. Only the extension can hand the app
 * one (an imported recording of another build); throwing makes it reject the import with this message, before the
 * page could open an address made of a location it cannot read.
 */
function refusingOtherBuilds(reducer: Reducer<RootState>): Reducer<RootState> {
  return (state: RootState | undefined, action: Action) => {
    const location: unknown = state?.location
    if (state !== undefined) {
      const current = (location as { current?: unknown } | undefined)?.current
      if (typeof location !== 'object' || location === null || (current !== null && !isRouteLocation(current))) {
        throw new Error(INCOMPATIBLE_RECORDING)
      }
    }
    return reducer(state, action)
  }
}

function isRouteLocation(value: unknown): value is RouteLocation {
  if (typeof value !== 'object' || value === null) return false
  const { pathname, search, hash } = value as Partial<Record<keyof RouteLocation, unknown>>
  return (
    typeof pathname === 'string' && pathname.startsWith('/') && typeof search === 'string' && typeof hash === 'string'
  )
}

export const devTools: DevToolsSetup = {
  options: devToolsOptions,
  reducer: refusingOtherBuilds,
  replayGuard: createReplayGuard,
}
