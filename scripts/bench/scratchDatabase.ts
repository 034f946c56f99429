import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

/** A database a benchmark creates for itself, and how to remove it. */
export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/** A fresh SQLite file in a temporary folder, or a fresh database on the PostgreSQL server at `postgresServer`. */
export async function scratchDatabase(dialect: string, postgresServer: string): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-'))
    return { url: `sqlite:${path.join(dir, 'bench.db')}`, drop: async () => fs.rmSync(dir, { recursive: true }) }
  }
  const name = `wandercards_bench_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresServer })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(postgresServer)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresServer })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}
