import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'

import type { Config } from '../config'
import { LocalFolderBlobStore, S3BlobStore, createBlobStore, type BlobInventoryEntry } from '../lib/blobStore'

const run = promisify(execFile)

/**
 * A backup is a folder (docs/decisions.md, Operations): `backup.json` describes it, `database.sqlite` (SQLite's online
 * backup) or `database.pgdump` (pg_dump's custom format) holds the database, `blobs.json` lists every stored file
 * (key, size, and a SHA-256 or the bucket's ETag and version), and with a local blob store `blobs/` holds the files.
 * It is written under a `.partial` name and renamed when whole, so a folder without that suffix is a complete backup.
 */
export interface BackupDescription {
  format: 1
  createdAt: string
  dialect: Config['database']['dialect']
  /** The migrations the database had: a build that knows them all can serve the restored database. */
  migrations: string[]
  database: string
  blobs:
    | { store: 'local'; folder: string; count: number; bytes: number }
    | {
        store: 's3'
        bucket: string
        endpoint: string | null
        /** Each entry carries the version id that was current, which a versioned bucket keeps after a delete. */
        versioned: boolean
        count: number
        bytes: number
      }
}

const DESCRIPTION = 'backup.json'
const BLOB_LIST = 'blobs.json'
const BLOB_FOLDER = 'blobs'
/** Pages SQLite's backup copies per step: all of them, so the copy is made in one read transaction. */
const EVERY_PAGE = 0x7fffffff

/** The operator can act on it: the message says what is wrong and what to do. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal'
}

/** PGHOST and friends from a postgres:// URL, so the password never shows in a process list. */
function postgresEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url)
  const sslMode = parsed.searchParams.get('sslmode')
  return {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname),
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
    ...(parsed.username ? { PGUSER: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { PGPASSWORD: decodeURIComponent(parsed.password) } : {}),
    ...(sslMode ? { PGSSLMODE: sslMode } : {}),
  }
}

async function withPostgres<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** Runs pg_dump or pg_restore; a failure is reported as the tool's own message, which names the cause. */
async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  await run(tool, args, { env: postgresEnvironment(url), maxBuffer: 16 * 1024 * 1024 }).catch((error: unknown) => {
    const { stderr } = error as { stderr?: string }
    throw new BackupRefusal(`${tool} failed: ${stderr?.trim() || (error as Error).message}`)
  })
}

/** pg_dump and pg_restore read archives of their own major version and older: the tools must not be older than the server. */
async function checkPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string): Promise<void> {
  const { stdout } = await run(tool, ['--version']).catch((error: unknown) => {
    throw new BackupRefusal(
      `${tool} was not found (${(error as Error).message}). Install the PostgreSQL client programs of the server's ` +
        'major version (Debian and Ubuntu: apt-get install postgresql-client) and put them on PATH.',
    )
  })
  const toolMajor = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1])
  const serverMajor = await withPostgres(url, async (client) => {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num')
    return Math.floor(Number(rows[0]?.server_version_num) / 10000)
  })
  if (!(toolMajor >= serverMajor)) {
    throw new BackupRefusal(
      `${tool} is version ${toolMajor} but the database server is version ${serverMajor}: install ` +
        `postgresql-client-${serverMajor} (or newer) and put its ${tool} first on PATH.`,
    )
  }
}

async function backUpSqlite(sqlitePath: string, target: string): Promise<string[]> {
  if (!fs.existsSync(sqlitePath)) throw new BackupRefusal(`there is no database at ${sqlitePath} (DATABASE_URL)`)
  const source = new SqliteDatabase(sqlitePath, { fileMustExist: true })
  try {
    // SQLite's online backup restarts when another connection writes between its steps; one step copies every page
    // inside one read transaction, which in WAL mode sees one committed state and holds no writer up.
    await source.backup(target, { progress: () => EVERY_PAGE })
  } finally {
    source.close()
  }
  // The copy stands alone in one file (no write-ahead log beside it), checked, with the migrations it has.
  const copy = new SqliteDatabase(target, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    const check = copy.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new Error(`the backup copy of the database failed its check: ${String(check)}`)
    const migrationTable = copy
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get()
    if (!migrationTable) return []
    return copy
      .prepare('SELECT name FROM kysely_migration ORDER BY name')
      .all()
      .map((row) => (row as { name: string }).name)
  } finally {
    copy.close()
  }
}

async function backUpPostgres(url: string, target: string): Promise<string[]> {
  await checkPostgresTool('pg_dump', url)
  // pg_dump reads in one repeatable-read transaction: one consistent state while the app keeps writing.
  await runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`], url)
  return withPostgres(url, async (client) => {
    const { rows } = await client.query<{ name: string | null }>("SELECT to_regclass('kysely_migration')::text AS name")
    if (!rows[0]?.name) return []
    const applied = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
    return applied.rows.map((row) => row.name)
  })
}

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Copies every finished file of the local store; a file deleted since the database's snapshot is no longer needed. */
async function backUpLocalBlobs(store: LocalFolderBlobStore, folder: string, target: string) {
  const entries: BlobInventoryEntry[] = []
  for await (const key of store.list('')) {
    const from = path.join(folder, ...key.split('/'))
    const to = path.join(target, ...key.split('/'))
    fs.mkdirSync(path.dirname(to), { recursive: true })
    try {
      await fs.promises.copyFile(from, to)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    entries.push({ key, size: fs.statSync(to).size, sha256: await sha256(to) })
  }
  return entries.sort((a, b) => a.key.localeCompare(b.key))
}

/**
 * Writes a consistent backup of the database and the blob store named by `config` into a new folder under `parent`
 * and returns its path. The database is copied first and the files after, and files are only ever added before the
 * rows that name them, so every picture the copied database names is in the backup (or, on S3, in its list).
 */
export async function backup(config: Config, parent: string, now = new Date()): Promise<string> {
  const name = `wandercards-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`
  const folder = path.resolve(parent, name)
  const partial = `${folder}.partial`
  if (fs.existsSync(folder)) throw new BackupRefusal(`${folder} exists already`)
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(partial, { recursive: true })
  try {
    const { database } = config
    let databaseFile: string
    let migrations: string[]
    if (database.dialect === 'sqlite') {
      databaseFile = 'database.sqlite'
      migrations = await backUpSqlite(database.sqlitePath, path.join(partial, databaseFile))
    } else {
      databaseFile = 'database.pgdump'
      migrations = await backUpPostgres(database.url, path.join(partial, databaseFile))
    }

    let blobs: BackupDescription['blobs']
    let entries: BlobInventoryEntry[]
    const settings = config.blobStore
    if (settings.kind === 'local') {
      entries = await backUpLocalBlobs(
        new LocalFolderBlobStore(settings.folder),
        settings.folder,
        path.join(partial, BLOB_FOLDER),
      )
      blobs = { store: 'local', folder: BLOB_FOLDER, count: entries.length, bytes: 0 }
    } else {
      const store = new S3BlobStore(settings)
      try {
        const inventory = await store.inventory()
        entries = inventory.entries.sort((a, b) => a.key.localeCompare(b.key))
        blobs = {
          store: 's3',
          bucket: settings.bucket,
          endpoint: settings.endpoint,
          versioned: inventory.versioned,
          count: entries.length,
          bytes: 0,
        }
      } finally {
        await store.close()
      }
    }
    blobs.bytes = entries.reduce((sum, entry) => sum + entry.size, 0)
    fs.writeFileSync(path.join(partial, BLOB_LIST), `${JSON.stringify(entries, null, 1)}\n`)

    const description: BackupDescription = {
      format: 1,
      createdAt: now.toISOString(),
      dialect: database.dialect,
      migrations,
      database: databaseFile,
      blobs,
    }
    fs.writeFileSync(path.join(partial, DESCRIPTION), `${JSON.stringify(description, null, 2)}\n`)
    fs.renameSync(partial, folder)
    return folder
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true })
    throw error
  }
}

export interface RestoreReport {
  description: BackupDescription
  /** Files put back into the blob store (local backups). */
  restoredBlobs: number
  /** Files the backup lists that the bucket no longer has as they were (S3 backups): keys with their version ids. */
  missingBlobs: BlobInventoryEntry[]
}

function readDescription(folder: string): BackupDescription {
  const file = path.join(folder, DESCRIPTION)
  if (!fs.existsSync(file)) {
    throw new BackupRefusal(
      `${folder} is not a complete backup (it has no ${DESCRIPTION}; a folder ending in .partial was cut short)`,
    )
  }
  // Read as unknown: a backup from another build may have another format.
  const description = JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<BackupDescription, 'format'> & {
    format: unknown
  }
  if (description.format !== 1) throw new BackupRefusal(`${folder} has a backup format this build does not read`)
  return description as BackupDescription
}

const OVERWRITE_HINT =
  'Restore into a new, empty one, or pass --force to replace what is there (stop every instance first).'

async function restoreSqlite(sqlitePath: string, from: string, force: boolean): Promise<void> {
  if (fs.existsSync(sqlitePath) && !force) {
    const existing = new SqliteDatabase(sqlitePath, { readonly: true, fileMustExist: true })
    const tables = existing.prepare("SELECT count(*) AS count FROM sqlite_master WHERE type = 'table'").get() as {
      count: number
    }
    existing.close()
    if (tables.count > 0) throw new BackupRefusal(`the database ${sqlitePath} is not empty. ${OVERWRITE_HINT}`)
  }
  fs.mkdirSync(path.dirname(sqlitePath), { recursive: true })
  // Copied beside and renamed over, so the database is never half written; the old log files belong to the old one.
  const incoming = `${sqlitePath}.restoring`
  fs.copyFileSync(from, incoming)
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${sqlitePath}${suffix}`, { force: true })
  fs.renameSync(incoming, sqlitePath)
}

async function restorePostgres(url: string, from: string, force: boolean): Promise<void> {
  await checkPostgresTool('pg_restore', url)
  const tables = await withPostgres(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) AS count FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    )
    return Number(rows[0]?.count)
  })
  if (tables > 0 && !force) {
    const database = new URL(url).pathname.slice(1)
    throw new BackupRefusal(`the database ${database} is not empty. ${OVERWRITE_HINT}`)
  }
  if (tables > 0) await emptyPostgres(url)
  // One transaction: a restore that fails leaves the database as it was (or, with --force, empty).
  await runPostgresTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${new URL(url).pathname.slice(1)}`,
      from,
    ],
    url,
  )
}

/**
 * Drops every schema but `public` (pg-boss's among them) and every table and function of `public` (the audit log's
 * trigger function among them; an extension's are left to it), in one transaction, so the restore meets an empty
 * database. pg_restore's own `--clean` cannot drop pg-boss's partitioned job tables.
 */
async function emptyPostgres(url: string): Promise<void> {
  await withPostgres(url, async (client) => {
    await client.query('BEGIN')
    const { rows: schemas } = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%'",
    )
    for (const { name } of schemas) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`)
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
    )
    if (tables.length > 0) {
      const names = tables.map(({ name }) => `public.${client.escapeIdentifier(name)}`).join(', ')
      await client.query(`DROP TABLE ${names} CASCADE`)
    }
    const { rows: functions } = await client.query<{ signature: string }>(
      `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    )
    for (const { signature } of functions) await client.query(`DROP FUNCTION ${signature} CASCADE`)
    await client.query('COMMIT')
  })
}

/**
 * Puts a backup back: the database into DATABASE_URL (which must be empty, unless `force`), the files of a local
 * backup into the blob store (local or S3), and for an S3 backup a check that the bucket still holds every file listed.
 */
export async function restore(config: Config, folder: string, { force = false } = {}): Promise<RestoreReport> {
  const description = readDescription(folder)
  const { database } = config
  if (description.dialect !== database.dialect) {
    throw new BackupRefusal(
      `this backup is of a ${description.dialect} database and DATABASE_URL names a ${database.dialect} one`,
    )
  }
  const entries = JSON.parse(fs.readFileSync(path.join(folder, BLOB_LIST), 'utf8')) as BlobInventoryEntry[]
  const store = createBlobStore(config.blobStore)
  try {
    if (description.blobs.store === 'local' && !force) {
      for await (const key of store.list('')) {
        throw new BackupRefusal(`the blob store is not empty (it holds ${key}). ${OVERWRITE_HINT}`)
      }
    }
    const from = path.join(folder, description.database)
    if (database.dialect === 'sqlite') await restoreSqlite(database.sqlitePath, from, force)
    else await restorePostgres(database.url, from, force)

    let restoredBlobs = 0
    const missingBlobs: BlobInventoryEntry[] = []
    if (description.blobs.store === 'local') {
      for (const entry of entries) {
        await store.put(entry.key, await fs.promises.readFile(path.join(folder, BLOB_FOLDER, ...entry.key.split('/'))))
        restoredBlobs += 1
      }
    } else if (store instanceof S3BlobStore) {
      const present = new Map((await store.inventory()).entries.map((entry) => [entry.key, entry]))
      for (const entry of entries) if (present.get(entry.key)?.etag !== entry.etag) missingBlobs.push(entry)
    } else {
      missingBlobs.push(...entries)
    }
    return { description, restoredBlobs, missingBlobs }
  } finally {
    await store.close()
  }
}
