import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react'

import type { Envelope } from '@shared/envelope'

import { API_BASE_URL, API_KEY } from '../lib/config'
import { replayRefusal } from '../lib/qaReplay/replayStatus'

import { fetchAdoptingEarlyCalls } from './earlyCalls'
import { isFailure, type ApiError } from './errors'
import { authorizationObserved } from './sessionEvents'

interface StateWithToken {
  session: { authKey: string | null }
}

export interface ApiExtraOptions {
  /**
   * The screen reports this call's failures itself (no global toast). `'refusals'`: the screen reports only the
   * server's refusals (a not-found page, say); a failure (5xx, no connection) still gets the technical-problem toast.
   */
  silentErrors?: boolean | 'refusals'
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  fetchFn: fetchAdoptingEarlyCalls,
  prepareHeaders: (headers, { getState }) => {
    headers.set('X-Api-Key', API_KEY)
    const token = (getState() as StateWithToken).session.authKey
    if (token) headers.set('X-Auth-Key', token)
    return headers
  },
})

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value != null && 'metadata' in value && 'data' in value
}

/**
 * Sends both headers, unwraps `data`, follows `metadata.authorized`, and turns failures into ApiError. RTK Query
 * passes no extra options at all for an endpoint that declares none. While Redux DevTools shows a recorded state,
 * nothing is sent: a change is refused, a read waits for the live state and then goes with the live session's token.
 */
export const envelopeBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions | undefined
> = async (args, api, extraOptions) => {
  const refused = await replayRefusal(api)
  if (refused) return { error: refused }
  const sentToken = (api.getState() as StateWithToken).session.authKey
  const result = await rawBaseQuery(args, api, {})
  const silentErrors = extraOptions?.silentErrors ?? false
  // An answer to a request made under another session (before a login, or before a logout) says nothing about this one.
  const staleSession = sentToken !== (api.getState() as StateWithToken).session.authKey
  const body = result.error ? (result.error as { data?: unknown }).data : result.data
  if (isEnvelope(body) && !staleSession && api.endpoint !== 'logout') {
    api.dispatch(authorizationObserved({ authorized: body.metadata.authorized, failed: Boolean(result.error) }))
  }

  if (result.error) {
    const status = result.error.status
    if (typeof status !== 'number') {
      const message = 'error' in result.error ? result.error.error : 'No response'
      return {
        error: { kind: 'network', status: 0, errorCode: null, message, silent: silentErrors === true, staleSession },
      }
    }
    const metadata = isEnvelope(body) ? body.metadata : null
    const error: ApiError = {
      kind: 'http',
      status,
      errorCode: metadata?.errorCode ?? null,
      message: metadata?.message ?? '',
      staleSession,
    }
    return { error: { ...error, silent: silentErrors === true || (silentErrors === 'refusals' && !isFailure(error)) } }
  }
  if (isEnvelope(body) && !body.metadata.status) {
    return {
      error: {
        kind: 'http',
        status: 200,
        errorCode: body.metadata.errorCode,
        message: body.metadata.message,
        silent: silentErrors !== false,
        staleSession,
      },
    }
  }
  return { data: isEnvelope(body) ? body.data : body }
}

/** The one API of the app; features add their endpoints with injectEndpoints. Every tag type is declared here. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: [
    'User',
    'Avatar',
    'CardCollection',
    'Card',
    'UserCard',
    'Prices',
    'DrawResult',
    'DrawHistory',
    'CreditProduct',
    'Certificate',
    'Memory',
    'PhotoImport',
    'Feed',
    'Friend',
    'Referral',
    'Notification',
    'Comment',
    'Trip',
  ],
  endpoints: () => ({}),
})

/**
 * Tags a change of credit, cards or certificates invalidates, so the header, wallet and collection refresh, and the
 * card lists with their owned counts (Card:LIST). The collections list (CardCollection) is the same for everyone and
 * is never refetched by an acquisition.
 */
export const ACQUISITION_TAGS = [
  { type: 'User', id: 'ME' },
  { type: 'UserCard', id: 'LIST' },
  { type: 'Card', id: 'LIST' },
  { type: 'Certificate', id: 'LIST' },
] as const
