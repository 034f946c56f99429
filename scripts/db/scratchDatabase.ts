import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

/** A database a benchmark or a test file creates for itself, and how to remove it. */
export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/**
 * A new database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`, empty or a copy of `template`;
 * `drop` removes it even while connections to it are still open.
 */
export async function scratchPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
  await adminQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

/** A fresh SQLite file in a temporary folder, or a fresh database on the PostgreSQL server at `postgresServer`. */
export async function scratchDatabase(dialect: string, postgresServer: string): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-'))
    return { url: `sqlite:${path.join(dir, 'bench.db')}`, drop: async () => fs.rmSync(dir, { recursive: true }) }
  }
  return scratchPostgresDatabase(postgresServer, 'wandercards_bench')
}

/** Runs one statement on its own connection to the server (CREATE and DROP DATABASE cannot run in a transaction). */
export async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(query)
  } finally {
    await admin.end()
  }
}
