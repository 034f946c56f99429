/**
 * What a crash report may hold (src/shared/clientErrors.ts has its schema). Kept apart from the schema, which needs
 * typebox, so the web app's reporter (src/client/app/errorReport.ts) loads without it.
 */
export const CLIENT_ERROR_ROUTE_MAX_LENGTH = 200
export const CLIENT_ERROR_RELEASE_MAX_LENGTH = 100
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 1000
export const CLIENT_ERROR_STACK_MAX_LENGTH = 8000

/** Thrown during rendering and caught by no error boundary (`uncaught`: the app is gone), or by one (`caught`). */
export const CLIENT_ERROR_KINDS = ['uncaught', 'caught'] as const
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number]

/**
 * Addresses in a message or stack without their query string and fragment, which may carry tokens (a password reset's
 * `#token=`) or searches. Both sides apply it: the app before sending, the server before logging.
 */
export function withoutQueryOrFragment(text: string): string {
  return (
    text
      .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#()'"]*)[?#][^\s()'"]*/gi, '$1')
      // An address without a scheme (`/resetPassword#token=…`), as the app's own messages write paths.
      .replace(/(^|[\s('"])(\/[^\s?#()'"]*)[?#][^\s()'"]*/g, '$1$2')
  )
}

/**
 * Text as the contract takes it (src/shared/common.ts's multi-line texts): no query strings or fragments, no control
 * characters but tab and line breaks, no half of a surrogate pair, at most `maxLength` characters.
 */
export function reportableText(text: string, maxLength: number): string {
  const clean = withoutQueryOrFragment(text)
    // eslint-disable-next-line no-control-regex -- these are the characters removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  return Array.from(clean).slice(0, maxLength).join('')
}
