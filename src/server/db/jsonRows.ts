import type { Kysely, Transaction } from 'kysely'
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres'
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite'

import { isPostgres } from './dialect'
import type { Database } from './schema'

/**
 * A subquery's rows as one JSON array in a column of the outer query: what would be a statement of its own, and on
 * PostgreSQL a round trip, comes with the outer one. Read the column with `parsedJsonRows`.
 */
export function jsonRowsOf<Row>(
  db: Kysely<Database> | Transaction<Database>,
  query: Parameters<typeof sqliteJsonArrayFrom<Row>>[0],
): ReturnType<typeof postgresJsonArrayFrom<Row>> {
  return isPostgres(db) ? postgresJsonArrayFrom(query) : sqliteJsonArrayFrom(query)
}

/** The rows of a `jsonRowsOf` column: PostgreSQL's driver parses JSON, SQLite answers its text. */
export function parsedJsonRows<Row>(column: Row[] | string): Row[] {
  return typeof column === 'string' ? (JSON.parse(column) as Row[]) : column
}
