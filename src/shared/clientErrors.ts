import { Type, type Static } from 'typebox'

import { TextSchema } from './common'

export const CLIENT_ERROR_ROUTE_MAX_LENGTH = 200
export const CLIENT_ERROR_RELEASE_MAX_LENGTH = 100
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 1000
export const CLIENT_ERROR_STACK_MAX_LENGTH = 8000

/** Thrown during rendering and caught by no boundary (`uncaught`, the app is gone), or by one (`caught`). */
export const CLIENT_ERROR_KINDS = ['uncaught', 'caught'] as const

/**
 * A crash of the web app, as its root's error callbacks report it (docs/architecture.md#client-errors): the route's
 * pattern (`/userCard/:userCardId`, or `*` for none), never the address with its ids, query string or fragment; the
 * build that crashed; the error's message and stack. Nothing names the traveller.
 */
export const ReportClientErrorBodySchema = Type.Object({
  kind: Type.Union([Type.Literal(CLIENT_ERROR_KINDS[0]), Type.Literal(CLIENT_ERROR_KINDS[1])]),
  route: TextSchema({ minLength: 1, maxLength: CLIENT_ERROR_ROUTE_MAX_LENGTH, pattern: '(\\*|/[^?#\\s]*)$' }),
  release: TextSchema({ minLength: 1, maxLength: CLIENT_ERROR_RELEASE_MAX_LENGTH }),
  message: TextSchema({ maxLength: CLIENT_ERROR_MESSAGE_MAX_LENGTH, multiline: true }),
  stack: TextSchema({ maxLength: CLIENT_ERROR_STACK_MAX_LENGTH, multiline: true }),
})
export type ReportClientErrorBody = Static<typeof ReportClientErrorBodySchema>
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number]

/**
 * Addresses in a message or stack without their query string and fragment, which may carry tokens (a password reset's
 * `#token=`) or searches. Both sides apply it: the app before sending, the server before logging.
 */
export function withoutQueryOrFragment(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#()'"]*)[?#][^\s()'"]*/gi, '$1')
}
