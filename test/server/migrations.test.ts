import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from 'kysely'

import { loadConfig } from '@server/config'
import { openDatabase, type Db } from '@server/db/createDb'
import { knownMigrations, migrateTo, migrateToLatest, UnknownMigrationsError } from '@server/db/migrate'
import { createTestDatabase, type TestDatabase } from '@test/helpers/server'

/**
 * Every migration's `down` undoes its `up`: going down one at a time from a seeded database returns the schema each
 * migration found, down to an empty database, and going up again gives the schema a fresh database has. The schema is
 * what the database itself reports (tables, columns, indexes, keys and checks), so a `down` that forgets something shows.
 */
const root = path.resolve(__dirname, '../..')
const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'
const START = '(no migration)'

type Schema = Record<string, unknown>

async function schemaOf(db: Db): Promise<Schema> {
  if (dialect === 'sqlite') {
    const { rows: tables } = await sql<{ name: string }>`
      SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'kysely\\_%' ESCAPE '\\'
      ORDER BY name`.execute(db)
    const schema: Schema = {}
    for (const { name } of tables) {
      const pragma = async (query: string) => (await sql.raw(query).execute(db)).rows
      const indexes = (await pragma(`SELECT name, "unique", origin, partial FROM pragma_index_list('${name}')`)) as {
        name: string
      }[]
      schema[name] = {
        columns: await pragma(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('${name}')`),
        foreignKeys: await pragma(
          `SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list('${name}') ORDER BY "from"`,
        ),
        indexes: await Promise.all(
          indexes
            .sort((a, b) => a.name.localeCompare(b.name))
            .map(async (index) => ({
              ...index,
              columns: await pragma(`SELECT seqno, name, "desc" FROM pragma_index_xinfo('${index.name}') WHERE key`),
              sql: (await pragma(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = '${index.name}'`))[0],
            })),
        ),
      }
    }
    return schema
  }
  const { rows: columns } = await sql<{ table_name: string }>`
    SELECT table_name, column_name, data_type, is_nullable, column_default,
      row_number() OVER (PARTITION BY table_name ORDER BY ordinal_position) AS place
    FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely\\_%'
    ORDER BY table_name, place`.execute(db)
  const { rows: indexes } = await sql`
    SELECT tablename, indexname, indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely\\_%' ORDER BY tablename, indexname`.execute(db)
  const { rows: constraints } = await sql`
    SELECT t.relname AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND t.relname NOT LIKE 'kysely\\_%' ORDER BY t.relname, c.conname`.execute(db)
  return { columns, indexes, constraints }
}

/** Runs a compiled entry point (dist/server) with plain node, as production does, on the fresh database. */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: fresh.url, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

let fresh: TestDatabase
let seeded: TestDatabase
let freshDb: Db
let seededDb: Db
/** The schema with every migration up to the key applied, as a fresh database went up one migration at a time. */
const schemaAt = new Map<string, Schema>()

beforeAll(async () => {
  fresh = await createTestDatabase(false)
  seeded = await createTestDatabase(true)
  freshDb = openDatabase(loadConfig({ DATABASE_URL: fresh.url }).database).db
  seededDb = openDatabase(loadConfig({ DATABASE_URL: seeded.url }).database).db
  await migrateToLatest(seededDb)
  schemaAt.set(START, await schemaOf(freshDb))
  for (const name of knownMigrations) {
    await migrateTo(freshDb, name)
    schemaAt.set(name, await schemaOf(freshDb))
  }
}, 180_000)
afterAll(async () => {
  await freshDb.destroy()
  await seededDb.destroy()
  await fresh.drop()
  await seeded.drop()
})

describe(`migrations on ${dialect}`, () => {
  it('start from an empty database and each adds to the schema', () => {
    expect(schemaAt.get(START)).toEqual(dialect === 'sqlite' ? {} : { columns: [], indexes: [], constraints: [] })
    const schemas = knownMigrations.map((name) => JSON.stringify(schemaAt.get(name)))
    expect(new Set(schemas).size).toBe(knownMigrations.length)
  })

  it('go down one at a time on a database with data, each leaving the schema its up found, then up again', async () => {
    // A traveller with a copy and credit, so every down meets rows.
    const cardId = (await seededDb.selectFrom('cards').select('id').executeTakeFirstOrThrow()).id
    const userId = crypto.randomUUID()
    await seededDb
      .insertInto('users')
      .values({
        id: userId,
        email: 'marta@example.com',
        username: 'marta',
        username_skeleton: 'marta',
        password_hash: 'x',
        friend_code: 'MARTA1',
        avatar_id: 1,
        digital_credit: 100,
        physical_credit: 0,
        experience: 0,
        referral_source: null,
        invited_by: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    await seededDb
      .insertInto('user_cards')
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        card_id: cardId,
        acquisition: 'pick',
        transaction_id: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    expect(await schemaOf(seededDb)).toEqual(schemaAt.get(knownMigrations.at(-1) ?? START))

    const before = [START, ...knownMigrations]
    for (let index = knownMigrations.length - 1; index >= 0; index -= 1) {
      const target = before[index] ?? START
      await migrateTo(seededDb, target === START ? null : target)
      expect({ after: `undoing ${knownMigrations[index]}`, schema: await schemaOf(seededDb) }).toEqual({
        after: `undoing ${knownMigrations[index]}`,
        schema: schemaAt.get(target),
      })
    }

    for (const name of knownMigrations) {
      await migrateTo(seededDb, name)
      expect({ after: name, schema: await schemaOf(seededDb) }).toEqual({ after: name, schema: schemaAt.get(name) })
    }
  }, 180_000)
})

describe('a database migrated by a newer build', () => {
  const FUTURE = '2099_01_01_0000_a_later_feature'
  let dataDir: string
  let serverEnv: Record<string, string>
  beforeAll(async () => {
    await migrateToLatest(freshDb)
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${FUTURE}, ${new Date().toISOString()})`.execute(
      freshDb,
    )
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-newer-schema-'))
    serverEnv = { DATA_DIR: dataDir, WEB_ROOT: '', PORT: '0', ART_WARMUP: 'off' }
  })
  afterAll(async () => {
    await sql`DELETE FROM kysely_migration WHERE name = ${FUTURE}`.execute(freshDb)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('is refused by migrating, naming the unknown migration', async () => {
    await expect(migrateToLatest(freshDb)).rejects.toThrow(UnknownMigrationsError)
    await expect(migrateToLatest(freshDb)).rejects.toThrow(FUTURE)
  })

  it('stops the server at start with one paragraph that names the migration and says what to do', async () => {
    const { code, stdout, stderr } = await runScript('dist/server/main.js', [], serverEnv)

    expect(code).toBe(1)
    expect(stdout).toBe('')
    const newestKnown = knownMigrations.at(-1) ?? ''
    expect(stderr.trim().split('\n')).toEqual([
      `Wandercards cannot start: the database has a migration this build does not know (${FUTURE}): a newer build of ` +
        `Wandercards migrated it. Either deploy that newer build (or a later one), or roll the database back with the ` +
        `newer build first, stopping every instance and taking a backup before: \`npm run migrate -- down --to ` +
        `${newestKnown}\` (or \`node dist/server/migrate.js down --to ${newestKnown}\`) run from the newer build, then ` +
        `start this one. Rolling back drops what those migrations added.`,
    ])
  }, 120_000)

  it('is refused by the migrate command with the same message', async () => {
    const { code, stderr } = await runScript('dist/server/migrate.js', ['down'], serverEnv)

    expect(code).toBe(1)
    expect(stderr).toMatch(
      new RegExp(`^migrate: the database has a migration this build does not know \\(${FUTURE}\\)`),
    )
    expect(stderr).not.toMatch(/\n\s+at /)
  }, 120_000)
})

describe('the migrate command', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-migrate-command-'))
  })
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  const migrate = (args: string[]) => runScript('dist/server/migrate.js', args, { DATA_DIR: dataDir })

  it('goes down to a named migration and up again', async () => {
    const [newest, previous] = [knownMigrations.at(-1) ?? '', knownMigrations.at(-2) ?? '']
    await migrateToLatest(freshDb)

    const down = await migrate(['down', '--to', previous])
    expect(down).toEqual({ code: 0, stdout: `undid  ${newest}\n`, stderr: '' })
    expect(await schemaOf(freshDb)).toEqual(schemaAt.get(previous))

    const up = await migrate(['up'])
    expect(up).toEqual({ code: 0, stdout: `applied  ${newest}\n`, stderr: '' })
    expect(await schemaOf(freshDb)).toEqual(schemaAt.get(newest))
  }, 120_000)
})
