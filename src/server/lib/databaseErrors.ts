import { AppError } from './errors'

/**
 * How the database's refusals become answers, in one place for both dialects: a write refused by a unique key or a
 * foreign key becomes the refusal its service names (`refusing`), and a value refused as data becomes a 400
 * (`badInputRefusal`, used by the envelope's error handler).
 */

/** A unique key as declared in the migrations: its table and columns, or the name of a unique index on expressions. */
export type UniqueKey = { table: string; columns: readonly string[] } | { index: string }

interface DriverError {
  code?: unknown
  message?: unknown
  table?: unknown
  detail?: unknown
  constraint?: unknown
}

function driverError(error: unknown): DriverError {
  return typeof error === 'object' && error !== null ? error : {}
}

/** PostgreSQL names the table and the key's columns; SQLite names them (or the index) in its message. */
function violatesKey(error: DriverError, key: UniqueKey): boolean {
  if ('index' in key)
    return error.constraint === key.index || error.message === `UNIQUE constraint failed: index '${key.index}'`
  if (error.code === '23505')
    return error.table === key.table && String(error.detail).startsWith(`Key (${key.columns.join(', ')})=`)
  return (
    error.message === `UNIQUE constraint failed: ${key.columns.map((column) => `${key.table}.${column}`).join(', ')}`
  )
}

/** A unique key refused a write, on SQLite or PostgreSQL; with `key`, that key and no other. */
export function isUniqueViolation(error: unknown, key?: UniqueKey): boolean {
  const refused = driverError(error)
  const unique =
    refused.code === '23505' ||
    refused.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    refused.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  return unique && (key === undefined || violatesKey(refused, key))
}

/** A foreign key refused a write: the row it points at went away meanwhile, or a row still points at it. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code } = driverError(error)
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/**
 * The database refused a value as data, not because it failed: PostgreSQL's data exceptions (class 22: a NUL in
 * text, an integer out of range, text that is not a number …) and SQLite's value too big.
 */
function isBadInput(error: unknown): boolean {
  const { code } = driverError(error)
  if (typeof code !== 'string') return false
  return /^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG'
}

/**
 * PostgreSQL ended a transaction that did nothing wrong: it was a deadlock's victim (40P01) or a serialization failure
 * (40001). Running it again is safe and is what `inTransaction` does.
 */
export function isTransientConflict(error: unknown): boolean {
  const { code } = driverError(error)
  return code === '40P01' || code === '40001'
}

/** SQLite found the database locked, or its snapshot older than another connection's commit (SQLITE_BUSY_*). */
export function isDatabaseBusy(error: unknown): boolean {
  const { code } = driverError(error)
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY')
}

export const VALUE_NOT_STORABLE = 'The request contains a value that cannot be stored.'

/**
 * The refusal for a value the database would not store, or null for any other error. The contract refuses such values
 * first; this keeps any that slip through a bad request rather than a failure.
 */
export function badInputRefusal(error: unknown): AppError | null {
  return isBadInput(error) ? new AppError('BadRequest', VALUE_NOT_STORABLE) : null
}

/**
 * PostgreSQL's codes for a wait cut short or a server that cannot serve now: a statement past statement_timeout
 * (57014), a lock not had within lock_timeout (55P03), a session ended as idle in a transaction (25P03), a deadlock or
 * serialization failure still met after its retries, too many connections, a server shutting down or starting (57P0x),
 * and the connection exceptions (class 08).
 */
const UNAVAILABLE_CODES = new Set(['57014', '55P03', '25P03', '40P01', '40001', '53300', '57P01', '57P02', '57P03'])

/** What node-postgres and its pool say when no connection could be had or a connection broke. */
const UNAVAILABLE_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
])

function isUnavailable(error: unknown): boolean {
  const { code, message } = driverError(error)
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    // SQLite's write lock not had within its busy timeout; an unreachable PostgreSQL server.
    if (code.startsWith('SQLITE_BUSY') || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT')
      return true
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.has(message)
}

export const DATABASE_UNAVAILABLE = 'The server is busy. Please try again in a moment.'

/**
 * The refusal for a database that did not serve the call within its bounds (docs/security.md#timeouts): 503
 * `Unavailable`, with the cause kept for the log; null for any other error. Nothing was changed: the transaction was
 * rolled back, and the call may be made again.
 */
export function unavailableRefusal(error: unknown): AppError | null {
  return isUnavailable(error) ? new AppError('Unavailable', DATABASE_UNAVAILABLE, { cause: error }) : null
}

/** A database refusal a service expects, and the refusal its caller gets instead. */
export type ExpectedRefusal =
  { when: 'unique'; key?: UniqueKey; refusal: AppError } | { when: 'foreignKey'; refusal: AppError }

/** Runs `write`; when the database refuses it as one of `expected` (checked in order), throws that entry's refusal. */
export async function refusing<T>(write: () => Promise<T>, expected: readonly ExpectedRefusal[]): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const match = expected.find((entry) =>
      entry.when === 'unique' ? isUniqueViolation(error, entry.key) : isForeignKeyViolation(error),
    )
    if (match) throw match.refusal
    throw error
  }
}
