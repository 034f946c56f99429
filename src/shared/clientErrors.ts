import { Type, type Static } from 'typebox'

import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX_LENGTH,
  CLIENT_ERROR_RELEASE_MAX_LENGTH,
  CLIENT_ERROR_ROUTE_MAX_LENGTH,
  CLIENT_ERROR_STACK_MAX_LENGTH,
} from './clientErrorText'
import { TextSchema } from './common'

/** `*`, `/`, or path segments, each a name or `:param` with an optional `?` after it; no query string, no fragment. */
const ROUTE_PATTERN = '(\\*|/|(/[^/?#\\s]+\\??)+)$'

/**
 * A crash of the web app, as its root's error callbacks report it (docs/architecture.md#client-errors): the route's
 * pattern (`/userCard/:userCardId`, or `*` for none), never the address with its ids, query string or fragment; the
 * build that crashed; the error's message and stack. Nothing names the traveller.
 */
export const ReportClientErrorBodySchema = Type.Object({
  kind: Type.Union([Type.Literal(CLIENT_ERROR_KINDS[0]), Type.Literal(CLIENT_ERROR_KINDS[1])]),
  route: TextSchema({ minLength: 1, maxLength: CLIENT_ERROR_ROUTE_MAX_LENGTH, pattern: ROUTE_PATTERN }),
  release: TextSchema({ minLength: 1, maxLength: CLIENT_ERROR_RELEASE_MAX_LENGTH }),
  message: TextSchema({ maxLength: CLIENT_ERROR_MESSAGE_MAX_LENGTH, multiline: true }),
  stack: TextSchema({ maxLength: CLIENT_ERROR_STACK_MAX_LENGTH, multiline: true }),
})
export type ReportClientErrorBody = Static<typeof ReportClientErrorBodySchema>
