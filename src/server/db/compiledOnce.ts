import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type Transaction } from 'kysely'

import type { Database } from './schema'

type Db = Kysely<Database> | Transaction<Database>

const PARAMETER = Symbol('compiled once: parameter')

interface Placeholder {
  readonly [PARAMETER]: string
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && PARAMETER in value
}

/** Stands for the value named `name` while the query is built; typed as that value, so the builder checks its use. */
export type ValueOf<Values> = <Name extends keyof Values & string>(name: Name) => Values[Name]

/** A query compiled without plugins, with the names of the values it takes. */
interface Compiled<Row> {
  query: CompiledQuery<Row>
  names: ReadonlySet<string>
}

/**
 * A query that Kysely builds and compiles once per database, then runs with each call's values. Building and compiling
 * a query takes longer than PostgreSQL takes to run a prepared one: on the hottest calls Kysely was a fifth of the
 * server's time (docs/benchmarks.md). Its SQL text is then the same string every time, so the driver's lookup of the
 * statement's prepared name hashes it once.
 *
 * The plugins of the database or transaction it runs on still see every query, as with the builder: SQLite's group
 * commit refuses a query sent after its transaction has ended (db/commitGroups.ts). A plugin that changes the query
 * has it compiled again, for that call.
 *
 * `build` may use `value(name)` only where a single bound value goes (a comparison, a column's new value), never for
 * a list that Kysely expands. Every call must give exactly the values the query names, none undefined.
 */
export function compiledOnce<Values extends object, Row>(
  build: (db: Db, value: ValueOf<Values>) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  // Per database: SQLite and PostgreSQL compile the same query to different text. A transaction shares its database's
  // adapter, so it finds the query compiled.
  const compiledFor = new WeakMap<object, Compiled<Row>>()
  const placeholder: ValueOf<Values> = (name) => Object.freeze({ [PARAMETER]: name }) as never
  return async (db, values) => {
    const executor = db.getExecutor()
    let compiled = compiledFor.get(executor.adapter)
    if (!compiled) {
      const query = build(db.withoutPlugins(), placeholder).compile()
      const names = new Set(query.parameters.filter(isPlaceholder).map((parameter) => parameter[PARAMETER]))
      compiled = { query, names }
      compiledFor.set(executor.adapter, compiled)
    }
    const given = values as Record<string, unknown>
    for (const name of Object.keys(given)) {
      if (!compiled.names.has(name)) throw new Error(`The query does not use ${name}`)
    }
    const queryId = createQueryId()
    const node = executor.transformQuery(compiled.query.query, queryId)
    const { sql, parameters } = node === compiled.query.query ? compiled.query : executor.compileQuery(node, queryId)
    const bound = parameters.map((parameter) => {
      if (!isPlaceholder(parameter)) return parameter
      const value = given[parameter[PARAMETER]]
      if (value === undefined) throw new Error(`The query's value ${parameter[PARAMETER]} is missing`)
      return value
    })
    const result = await executor.executeQuery<Row>({ query: node, queryId, sql, parameters: bound })
    return result.rows
  }
}

/** The values of a multi-row query's rows, named after the column and the row's index: `card_id0`, `card_id1` … */
export type RowValues<Row extends object> = {
  [Column in keyof Row & string as `${Column}${number}`]: Row[Column]
}

/** `rows` as the values `RowValues` names. */
export function rowValues<Row extends object>(rows: readonly Row[]): RowValues<Row> {
  const values: Record<string, unknown> = {}
  rows.forEach((row, index) => {
    for (const [column, value] of Object.entries(row)) values[`${column}${index}`] = value
  })
  return values as RowValues<Row>
}

/** Each shape's compiled query is kept: a shape is a row count, or the pattern of a purchase's items, a few dozen at most. */
const MAX_SHAPES = 2000

/**
 * `compiledOnce` for a query whose text depends on the shape of its input, such as how many rows an insert writes:
 * one compiled query per shape, built when the shape is first met. `build` must make the same text for the same shape.
 */
export function compiledPerShape<Values extends object, Row>(
  build: (db: Db, value: ValueOf<Values>, shape: string) => Compilable<Row>,
): (db: Db, shape: string, values: Values) => Promise<Row[]> {
  const byShape = new Map<string, (db: Db, values: Values) => Promise<Row[]>>()
  return (db, shape, values) => {
    let run = byShape.get(shape)
    if (!run) {
      run = compiledOnce<Values, Row>((shapeDb, value) => build(shapeDb, value, shape))
      if (byShape.size < MAX_SHAPES) byShape.set(shape, run)
    }
    return run(db, values)
  }
}
