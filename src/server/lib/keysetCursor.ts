import { AppError } from './errors'

/** The key of the last row of a newest-first page: the next page starts strictly after it. */
export interface KeysetKey {
  createdAt: string
  id: string
}

export function encodeCursor(key: KeysetKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url')
}

/** What the server writes: ISO-8601 UTC timestamps and printable ids, so a forged cursor never reaches the SQL as odd text. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const ID = /^[\w-]{1,100}$/

export function decodeCursor(cursor: string): KeysetKey {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]
    if (typeof createdAt === 'string' && typeof id === 'string' && TIMESTAMP.test(createdAt) && ID.test(id))
      return { createdAt, id }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('BadRequest', 'Invalid cursor: start again from the first page.')
}
