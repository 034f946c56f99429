import {
  CommonTableExpressionNameNode,
  CommonTableExpressionNode,
  createQueryId,
  WithNode,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type RootOperationNode,
  type Transaction,
} from 'kysely'

import { isPostgres } from './dialect'
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

/** One compiled-once query: its compiled form on a database, and a name that tells it from every other. */
interface Statement<Row> {
  readonly key: string
  compiledOn(db: Db): Compiled<Row>
}

/** A query compiled once, with one call's values: to run alone, or with others in one statement (`inOneStatement`). */
export interface BoundStatement<Row = unknown> {
  readonly statement: Statement<Row>
  readonly values: Readonly<Record<string, unknown>>
}

export interface CompiledOnce<Values, Row> {
  (db: Db, values: Values): Promise<Row[]>
  withValues(values: Values): BoundStatement<Row>
}

export interface CompiledPerShape<Values, Row> {
  (db: Db, shape: string, values: Values): Promise<Row[]>
  withValues(shape: string, values: Values): BoundStatement<Row>
}

let statementsMade = 0

function refuseUnusedValues(compiled: Compiled<unknown>, values: Readonly<Record<string, unknown>>): void {
  for (const name of Object.keys(values)) {
    if (!compiled.names.has(name)) throw new Error(`The query does not use ${name}`)
  }
}

function givenValue(values: Readonly<Record<string, unknown>>, placeholder: Placeholder): unknown {
  const value = values[placeholder[PARAMETER]]
  if (value === undefined) throw new Error(`The query's value ${placeholder[PARAMETER]} is missing`)
  return value
}

/**
 * Runs a query compiled without plugins through the plugins of the database or transaction it runs on, as the builder
 * would: SQLite's group commit refuses a query sent after its transaction has ended (db/commitGroups.ts). A plugin
 * that changes the query has it compiled again, for that call.
 */
async function execute<Row>(
  db: Db,
  compiled: CompiledQuery<Row>,
  valueOf: (placeholder: Placeholder) => unknown,
): Promise<Row[]> {
  const executor = db.getExecutor()
  const queryId = createQueryId()
  const node = executor.transformQuery(compiled.query, queryId)
  const { sql, parameters } = node === compiled.query ? compiled : executor.compileQuery(node, queryId)
  const bound = parameters.map((parameter) => (isPlaceholder(parameter) ? valueOf(parameter) : parameter))
  const result = await executor.executeQuery<Row>({ query: node, queryId, sql, parameters: bound })
  return result.rows
}

/** Runs a statement with the values it was given. */
export async function runStatement<Row>(db: Db, { statement, values }: BoundStatement<Row>): Promise<Row[]> {
  const compiled = statement.compiledOn(db)
  refuseUnusedValues(compiled, values)
  return execute(db, compiled.query, (placeholder) => givenValue(values, placeholder))
}

/**
 * A query that Kysely builds and compiles once per database, then runs with each call's values. Building and compiling
 * a query takes longer than PostgreSQL takes to run a prepared one: on the hottest calls Kysely was a fifth of the
 * server's time (docs/benchmarks.md). Its SQL text is then the same string every time, so the driver's lookup of the
 * statement's prepared name hashes it once.
 *
 * `build` may use `value(name)` only where a single bound value goes (a comparison, a column's new value), never for
 * a list that Kysely expands. Every call must give exactly the values the query names, none undefined.
 */
export function compiledOnce<Values extends object, Row>(
  build: (db: Db, value: ValueOf<Values>) => Compilable<Row>,
): CompiledOnce<Values, Row> {
  // Per database: SQLite and PostgreSQL compile the same query to different text. A transaction shares its database's
  // adapter, so it finds the query compiled.
  const compiledFor = new WeakMap<object, Compiled<Row>>()
  const placeholder: ValueOf<Values> = (name) => Object.freeze({ [PARAMETER]: name }) as never
  const statement: Statement<Row> = {
    key: String((statementsMade += 1)),
    compiledOn(db) {
      const { adapter } = db.getExecutor()
      let compiled = compiledFor.get(adapter)
      if (!compiled) {
        const query = build(db.withoutPlugins(), placeholder).compile()
        const names = new Set(query.parameters.filter(isPlaceholder).map((parameter) => parameter[PARAMETER]))
        compiled = { query, names }
        compiledFor.set(adapter, compiled)
      }
      return compiled
    },
  }
  const withValues = (values: Values): BoundStatement<Row> => ({
    statement,
    values: values as Readonly<Record<string, unknown>>,
  })
  return Object.assign((db: Db, values: Values) => runStatement(db, withValues(values)), { withValues })
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
): CompiledPerShape<Values, Row> {
  const byShape = new Map<string, CompiledOnce<Values, Row>>()
  const withValues = (shape: string, values: Values): BoundStatement<Row> => {
    let ofShape = byShape.get(shape)
    if (!ofShape) {
      ofShape = compiledOnce<Values, Row>((shapeDb, value) => build(shapeDb, value, shape))
      if (byShape.size < MAX_SHAPES) byShape.set(shape, ofShape)
    }
    return ofShape.withValues(values)
  }
  return Object.assign((db: Db, shape: string, values: Values) => runStatement(db, withValues(shape, values)), {
    withValues,
  })
}

/** Several statements compiled as one, and which of them each of its placeholders belongs to. */
interface Combined<Row> {
  query: CompiledQuery<Row>
  memberOf: ReadonlyMap<Placeholder, number>
}

const combinedByMembers = new Map<string, WeakMap<object, Combined<unknown>>>()

type QueryNodeWithCtes = RootOperationNode & { readonly with?: WithNode }

function combine<Row>(db: Db, writes: readonly Compiled<unknown>[], last: Compiled<Row>): Combined<Row> {
  const lastNode = last.query.query as QueryNodeWithCtes
  let withNode = lastNode.with
  const memberOf = new Map<Placeholder, number>()
  for (const parameter of last.query.parameters) if (isPlaceholder(parameter)) memberOf.set(parameter, writes.length)
  writes.forEach((write, index) => {
    for (const parameter of write.query.parameters) if (isPlaceholder(parameter)) memberOf.set(parameter, index)
    const cte = CommonTableExpressionNode.create(
      CommonTableExpressionNameNode.create(`carried_write_${index}`),
      write.query.query,
    )
    withNode = withNode ? WithNode.cloneWithExpression(withNode, cte) : WithNode.create(cte)
  })
  const node = { ...lastNode, with: withNode } as RootOperationNode
  const query = db.withoutPlugins().getExecutor().compileQuery<Row>(node, createQueryId())
  return { query, memberOf }
}

/**
 * Runs `carried`, writes whose results nobody reads, and then `last`, as one statement on PostgreSQL: each write a
 * data-modifying WITH of `last`. A purchase's rows went to the database one round trip each, and a round trip is most
 * of what a statement costs the server there (docs/benchmarks.md). On SQLite, in the process, they run one by one.
 *
 * What this asks of the caller, since PostgreSQL runs the writes and `last` on one snapshot: `last` must not read
 * what the writes add (its foreign keys may point at it: they are checked when the statement ends), the writes must
 * not touch the same rows, and a failing write fails the whole statement.
 */
export async function inOneStatement<Row>(
  db: Db,
  carried: readonly BoundStatement[],
  last: BoundStatement<Row>,
): Promise<Row[]> {
  const members: readonly BoundStatement[] = [...carried, last]
  // One compiled query's placeholders are the same objects wherever it goes, so they could not tell two of its uses
  // apart; refused on both databases alike.
  if (new Set(members.map(({ statement }) => statement.key)).size !== members.length)
    throw new Error('A statement goes into one statement at most once')
  if (carried.length === 0 || !isPostgres(db)) {
    for (const write of carried) await runStatement(db, write)
    return runStatement(db, last)
  }
  const compiledOn = <Member>({ statement, values }: BoundStatement<Member>) => {
    const compiled = statement.compiledOn(db)
    refuseUnusedValues(compiled, values)
    return compiled
  }
  const compiledWrites = carried.map(compiledOn)
  const compiledLast = compiledOn(last)
  const key = members.map(({ statement }) => statement.key).join(',')
  const { adapter } = db.getExecutor()
  let byAdapter = combinedByMembers.get(key)
  if (!byAdapter) {
    byAdapter = new WeakMap()
    if (combinedByMembers.size < MAX_SHAPES) combinedByMembers.set(key, byAdapter)
  }
  let combined = byAdapter.get(adapter) as Combined<Row> | undefined
  if (!combined) {
    combined = combine(db, compiledWrites, compiledLast)
    byAdapter.set(adapter, combined)
  }
  const { memberOf } = combined
  return execute(db, combined.query, (placeholder) => {
    const member = members[memberOf.get(placeholder) ?? -1]
    if (!member) throw new Error(`The query's value ${placeholder[PARAMETER]} belongs to none of its statements`)
    return givenValue(member.values, placeholder)
  })
}
