import path from 'node:path'

import { Type, type Static } from 'typebox'

import { SettingsError } from './settings'

export type DatabaseDialect = 'sqlite' | 'postgres'

export interface DatabaseLocation {
  dialect: DatabaseDialect
  url: string
  sqlitePath: string
}

export interface DatabaseLimits {
  /** PostgreSQL connections per instance (DB_POOL_MAX). */
  poolMax: number
  /** How long a request waits for a free PostgreSQL connection (DB_POOL_ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs: number
  /** How long one PostgreSQL statement may run (DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number
  /** How long a statement waits for a row or table lock; SQLite's busy timeout (DB_LOCK_TIMEOUT_MS). */
  lockTimeoutMs: number
  /** How long a PostgreSQL transaction may sit idle before the server ends it (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionTimeoutMs: number
}

/** The database's settings as written in the environment (README's settings table). */
export const DatabaseSettingsSchema = Type.Object({
  DATABASE_URL: Type.String({
    pattern: '^(sqlite:.+|postgres(ql)?://.+)$',
    default: 'sqlite:./data/wandercards.db',
    description: 'sqlite:<file> or postgres://user@host:5432/db',
  }),
  DB_POOL_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'a whole number from 1 to 1000' }),
  DB_POOL_ACQUIRE_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 10_000, description: 'milliseconds, at least 1' }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 30_000, description: 'milliseconds, at least 1' }),
  DB_LOCK_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 5000, description: 'milliseconds, at least 1' }),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: Type.Integer({
    minimum: 1,
    default: 60_000,
    description: 'milliseconds, at least 1',
  }),
})

export function databaseLimits(settings: Static<typeof DatabaseSettingsSchema>): DatabaseLimits {
  return {
    poolMax: settings.DB_POOL_MAX,
    acquireTimeoutMs: settings.DB_POOL_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: settings.DB_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: settings.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  }
}

export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', url, sqlitePath: '' }
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length)
    return { dialect: 'sqlite', url, sqlitePath: file === ':memory:' ? file : path.resolve(file) }
  }
  throw new SettingsError(`Setting DATABASE_URL must start with sqlite: or postgres://, got "${url}"`)
}
