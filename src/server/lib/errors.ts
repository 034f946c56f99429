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

/** A unique constraint refused a write, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** A foreign key refused a write: the row it points at went away meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/**
 * The database refused a value as data, not because it failed: PostgreSQL's data exceptions (class 22: a NUL in
 * text, an integer out of range, text that is not a number …) and SQLite's value too big. Such a request is bad input.
 */
export function isBadInputError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return false
  return /^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG'
}
