import type { ErrorInfo } from 'react'
import { matchRoutes } from 'react-router-dom'

import { reportClientError } from '@shared/calls/clientErrors'
import type { CallBody } from '@shared/calls/schemas'
import { CLIENT_ERROR_MESSAGE_MAX_LENGTH, CLIENT_ERROR_STACK_MAX_LENGTH, reportableText } from '@shared/clientErrorText'

import { paths } from '../lib/paths'

/** Enough to see what went wrong in a page that keeps failing, without a report per render. */
export const MAX_REPORTS_PER_PAGE = 5

const reported = new Set<string>()

/** The route's pattern (`/userCard/:userCardId`), never the address, which holds ids; `*` for no route. */
export function routePattern(pathname: string): string {
  const routes = Object.values(paths).map(({ path }) => ({ path }))
  return matchRoutes(routes, pathname)?.at(-1)?.route.path ?? '*'
}

/**
 * Tells the server about an error thrown while rendering (POST /system/reportClientError,
 * docs/architecture.md#client-errors) and logs it to the console as React would have. Loaded only when an error
 * happens (rootErrors.ts), so the first load does not carry it. The same error is reported once, and a page reports a
 * few at most. `info` is React's: only an error an error boundary caught names the boundary.
 */
export function reportError(error: unknown, info: ErrorInfo & { errorBoundary?: unknown }): void {
  console.error(error)
  const message = reportableText(
    error instanceof Error ? error.message : String(error),
    CLIENT_ERROR_MESSAGE_MAX_LENGTH,
  )
  const stack = reportableText(error instanceof Error ? (error.stack ?? '') : '', CLIENT_ERROR_STACK_MAX_LENGTH)
  const key = `${message}\n${stack}`
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_PAGE) return
  reported.add(key)
  const body: CallBody<'reportClientError'> = {
    kind: 'errorBoundary' in info ? 'caught' : 'uncaught',
    route: routePattern(window.location.pathname),
    // WANDERCARDS_RELEASE at build time (a commit, a tag), else the app's version (webpack.config.js).
    release: process.env.WANDERCARDS_RELEASE || 'unknown',
    message,
    stack,
  }
  // Only the API key: a crash report names no traveller, so it carries no session.
  void fetch(`${process.env.WANDERCARDS_API_BASE ?? '/api'}${reportClientError.url}`, {
    method: reportClientError.method,
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': process.env.WANDERCARDS_API_KEY ?? 'dev-web-key' },
    body: JSON.stringify(body),
    // Sent even when the crash is followed by leaving the page.
    keepalive: true,
  }).catch(() => undefined)
}
