import { CALL_ERROR_TEXTS as TEXTS } from '@shared/callErrorTexts'

/** What the envelope-aware base query returns on failure. */
export interface ApiError {
  /** `replay`: not sent, because Redux DevTools shows a recorded state (docs/qa-replay.md). */
  kind: 'http' | 'network' | 'replay'
  status: number
  errorCode: string | null
  message: string
  /** The endpoint handles its failures itself; the global toast stays quiet. */
  silent?: boolean
  /** The request was made under another session than the current one (sent before a login or a logout). */
  staleSession?: boolean
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value != null && 'kind' in value && 'message' in value
}

/**
 * A change not sent because Redux DevTools shows a recorded state (docs/qa-replay.md). Refusals are silent: no toast,
 * no message in place, whichever screen made the call.
 */
export function isReplayRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'replay'
}

/**
 * The server could not answer (a 5xx, no connection, or too many requests for now): trying again may work, and
 * nothing is known about what was asked for, so a screen offers a retry and never says "not found".
 */
export function isFailure(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.status >= 500 || error.status === 429)
}

export type ToastVariant = 'error' | 'warning'

/** Shared request handling (docs/product.md#messages-request-handling): which toast a failed call shows. */
export function toToast(error: ApiError): { variant: ToastVariant; message: string } {
  if (error.kind === 'network') return { variant: 'error', message: TEXTS.cannotConnect }
  if (error.status === 401) return { variant: 'warning', message: TEXTS.invalidCredentials }
  if (error.status === 403) return { variant: 'warning', message: TEXTS.loginToPerform }
  if (error.status >= 500) return { variant: 'error', message: TEXTS.technicalProblem(error.message) }
  if (error.message) return { variant: 'warning', message: error.message }
  return { variant: 'error', message: TEXTS.unknownProblem(error.message) }
}

/** The message of a failed call, for screens that show it in place. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? toToast(error).message : TEXTS.unknownProblem(thrownText(error))
}

/** What something thrown says about itself: a string, or the message of an Error or of RTK's serialized error. */
function thrownText(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message
  }
  return ''
}
