import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely'

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

/**
 * A query that Kysely builds and compiles once per database, then runs with each call's values. Building and compiling
 * a query takes longer than PostgreSQL takes to run a prepared one: on the hottest calls Kysely was a fifth of the
 * server's time (docs/benchmarks.md). Its SQL text is then the same string every time, so the driver's lookup of the
 * statement's prepared name hashes it once.
 *
 * `build` may use `value(name)` only where a single bound value goes (a comparison, a column's new value), never for
 * a list that Kysely expands; each value given at run time must be named in the query.
 */
export function compiledOnce<Values extends object, Row>(
  build: (db: Db, value: ValueOf<Values>) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  // Per database: SQLite and PostgreSQL compile the same query to different text. A transaction shares its database's
  // adapter, so it finds the query compiled.
  const compiledFor = new WeakMap<object, CompiledQuery<Row>>()
  const placeholder: ValueOf<Values> = (name) => Object.freeze({ [PARAMETER]: name }) as never
  return async (db, values) => {
    const { adapter } = db.getExecutor()
    let compiled = compiledFor.get(adapter)
    if (!compiled) {
      compiled = build(db, placeholder).compile()
      const named = new Set(compiled.parameters.filter(isPlaceholder).map((parameter) => parameter[PARAMETER]))
      const unnamed = Object.keys(values).filter((name) => !named.has(name))
      if (unnamed.length > 0) throw new Error(`The query does not use ${unnamed.join(', ')}`)
      compiledFor.set(adapter, compiled)
    }
    const parameters = compiled.parameters.map((parameter) =>
      isPlaceholder(parameter) ? (values as Record<string, unknown>)[parameter[PARAMETER]] : parameter,
    )
    const result = await db.executeQuery<Row>({ ...compiled, parameters })
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
