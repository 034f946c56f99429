import { PostgresAdapter, type Kysely, type Transaction } from 'kysely'

import type { Database } from './schema'

/** Whether the database is PostgreSQL: for the few queries written differently for each database. */
export function isPostgres(db: Kysely<Database> | Transaction<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
