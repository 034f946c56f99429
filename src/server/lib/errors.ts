import type { ErrorCode } from '@shared/envelope'

/** A refusal the client should see: the code decides the HTTP status, the message is shown to the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** What failed behind a 5xx refusal, for the log; the user sees only the message. */
    options?: { cause: unknown },
  ) {
    super(message, options)
    this.name = 'AppError'
  }
}
