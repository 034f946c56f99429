import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely'

import { inClientSpan } from '../lib/tracing'

export type DatabaseSystem = 'postgresql' | 'sqlite'

/** SELECT, INSERT, BEGIN …: the statement's first word names its span, as the SQL text may be long. */
function operationOf(sql: string): string {
  return /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY'
}

const traced = new WeakSet<DatabaseConnection>()

/**
 * Each statement a connection runs becomes a client span, a child of the request's: queries, and the BEGIN and COMMIT
 * of transactions, which Kysely's drivers send through the same connection. The span carries the SQL text with its
 * placeholders, never the bound values (which hold what users typed). A connection is instrumented once, in place: the
 * drivers keep private state on it, so it cannot be wrapped in another object.
 */
function traceConnection(connection: DatabaseConnection, system: DatabaseSystem): DatabaseConnection {
  if (traced.has(connection)) return connection
  traced.add(connection)
  const execute = connection.executeQuery.bind(connection)
  connection.executeQuery = <R>(query: CompiledQuery) => {
    const operation = operationOf(query.sql)
    return inClientSpan(
      `${operation} ${system}`,
      { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': query.sql },
      () => execute<R>(query),
    )
  }
  return connection
}

/** The same dialect, whose driver's connections trace every statement (TRACING, see lib/tracing.ts). */
export function tracedDialect(dialect: Dialect, system: DatabaseSystem): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver()
      const acquire = driver.acquireConnection.bind(driver)
      driver.acquireConnection = async () => traceConnection(await acquire(), system)
      return driver
    },
  }
}
