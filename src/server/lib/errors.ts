import type { ErrorCode } from '@shared/envelope'

/** A refusal the client should see: the code decides the HTTP status, the message is shown to the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'AppError'
  }
}
