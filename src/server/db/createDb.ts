import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import SqliteDatabase from 'better-sqlite3'
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Dialect,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely'
import pg from 'pg'

import type { Config } from '../config'
import type { DatabaseLimits } from '../config/database'

import { BACKSTOP_CHECKPOINT_PAGES, startBackgroundCheckpoint, type BackgroundCheckpoint } from './backgroundCheckpoint'
import type { Database } from './schema'
import { tracedDialect, type DatabaseSystem } from './tracedDialect'

// Counts and sums come back from PostgreSQL as strings (int8/numeric); read them as numbers like SQLite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (value) => Number(value))

export type Db = Kysely<Database>

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number
  idle: number
  waiting: number
}

export interface OpenDatabase {
  db: Db
  /** The PostgreSQL pool's occupancy, for metrics; null on SQLite, which has one connection and no pool. */
  poolStats: () => PoolStats | null
}

/** Enough for every distinct statement the app sends; a statement built from variable input beyond it is prepared each time. */
const MAX_CACHED_STATEMENTS = 2000

/**
 * Kysely prepares every query afresh, and with SQLite preparing costs about as much as running a small query.
 * The app's SQL text repeats (values are bound parameters), so each text is prepared once and reused.
 * One connection runs one query at a time, so a statement is never used by two queries at once.
 */
function reusingPreparedStatements(sqlite: SqliteDatabase.Database, onClose: () => void): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => {
      onClose()
      sqlite.close()
    },
    prepare: (text) => {
      let statement = statements.get(text)
      if (!statement) {
        statement = sqlite.prepare(text)
        if (statements.size < MAX_CACHED_STATEMENTS) statements.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * The PostgreSQL counterpart: each statement text gets a name, so each pooled connection parses and plans it once and
 * later runs only bind and execute (a named prepared statement of the extended protocol). Kysely sends every query
 * as text and values, which this client turns into a named query. Texts past the cap (an IN list of a length never
 * seen) go unnamed, as before, so a connection's prepared statements stay bounded.
 *
 * A statement whose columns are `*` stays unnamed: while a newer build's migration adds a column, a prepared
 * `SELECT *` in an instance still running the older build would fail with "cached plan must not change result type"
 * until its connection closed. Columns named one by one are planned again by PostgreSQL itself after such a change.
 */
const statementNames = new Map<string, string | null>()

const ALL_COLUMNS = /(?:\bselect|\breturning|,|\.)\s*\*/i

export function preparedStatementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < MAX_CACHED_STATEMENTS) {
    name = ALL_COLUMNS.test(text) ? null : `wc_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`
    statementNames.set(text, name)
  }
  return name ?? undefined
}

class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args
    const name = typeof text === 'string' && Array.isArray(values) ? preparedStatementName(text) : undefined
    const query = super.query.bind(this) as (...queryArgs: unknown[]) => never
    // A callback, when given, follows as before.
    return name ? query({ name, text, values }, ...rest) : query(...args)
  }
}

export interface OpenDatabaseOptions {
  /**
   * Told when PostgreSQL closes an idle pooled connection (a restart, a failover); the pool replaces it, and without
   * a listener the error would end the process. With SQLite, told when a background checkpoint fails.
   */
  onConnectionLost?: (error: Error) => void
  /** SQLite file: checkpoint the write-ahead log on a worker thread instead of inside commits (the server does). */
  checkpointInBackground?: boolean
  /**
   * Bounded waits (the server and the tests pass the configured ones): a pool acquire timeout, statement, lock and
   * idle-in-transaction timeouts on PostgreSQL, the busy timeout on SQLite. Without them (scripts, migrations) nothing
   * is cut short but SQLite's 5-second busy wait.
   */
  limits?: DatabaseLimits
  /** Every statement becomes a span of the active trace (TRACING; db/tracedDialect.ts). */
  traced?: boolean
}

/** SQLite's wait for the write lock when no limits are given. */
const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000

export function openDatabase(
  database: Config['database'],
  {
    onConnectionLost = () => undefined,
    checkpointInBackground = false,
    limits,
    traced = false,
  }: OpenDatabaseOptions = {},
): OpenDatabase {
  const dialectOf = (dialect: Dialect, system: DatabaseSystem) => (traced ? tracedDialect(dialect, system) : dialect)
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      Client: PreparingClient,
      max: limits?.poolMax ?? 10,
      ...(limits
        ? {
            connectionTimeoutMillis: limits.acquireTimeoutMs,
            statement_timeout: limits.statementTimeoutMs,
            lock_timeout: limits.lockTimeoutMs,
            idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
          }
        : {}),
    })
    pool.on('error', onConnectionLost)
    // A connection in use can be ended too (a transaction idle past its bound, a restart): told here rather than
    // thrown as an unhandled error, and the query that meets it fails, answering 503; the pool drops it on release.
    pool.on('connect', (client) => client.on('error', onConnectionLost))
    return {
      db: new Kysely<Database>({ dialect: dialectOf(new PostgresDialect({ pool }), 'postgresql') }),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    }
  }
  const inFile = database.sqlitePath !== ':memory:'
  if (inFile) fs.mkdirSync(path.dirname(database.sqlitePath), { recursive: true })
  const sqlite = new SqliteDatabase(database.sqlitePath)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${limits?.lockTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS}`)
  sqlite.pragma('synchronous = NORMAL')
  let checkpoint: BackgroundCheckpoint | undefined
  if (inFile && checkpointInBackground) {
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`)
    checkpoint = startBackgroundCheckpoint(database.sqlitePath, (message) => {
      onConnectionLost(new Error(`Background checkpoint failed: ${message}`))
    })
  }
  const connection = reusingPreparedStatements(sqlite, () => void checkpoint?.stop())
  return {
    db: new Kysely<Database>({ dialect: dialectOf(new SqliteDialect({ database: connection }), 'sqlite') }),
    poolStats: () => null,
  }
}

/** The database alone, for scripts and tests that report no pool metrics. */
export function createDb(database: Config['database'], onConnectionLost?: (error: Error) => void): Db {
  return openDatabase(database, { onConnectionLost }).db
}
