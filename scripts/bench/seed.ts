/**
 * Catalogue seed benchmark: builds the catalogue from the open-data packages, then seeds it into a fresh SQLite
 * database (and a fresh PostgreSQL one when BENCH_POSTGRES_URL is set), as every server test file and a fresh install
 * do. Run: `npx tsx scripts/bench/seed.ts`; figures go to docs/benchmarks.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { createDb, type Db } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { buildCatalogue } from '@server/db/seed/catalogueData'
import { seedCatalogue } from '@server/db/seed/seedCatalogue'

import { scratchPostgresDatabase } from '../db/scratchDatabase'

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now()
  const result = await work()
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`)
  return result
}

async function seedInto(label: string, db: Db): Promise<void> {
  try {
    await migrateToLatest(db)
    await timed(`${label}: seed (the catalogue already built)`, () => seedCatalogue(db))
  } finally {
    await db.destroy()
  }
}

async function main(): Promise<void> {
  const collections = await timed('build the catalogue', () => buildCatalogue())
  const places = collections.reduce((sum, collection) => sum + collection.places.length, 0)
  console.log(`${collections.length} collections, ${places} places, ${places * 5} cards`)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-seed-bench-'))
  const file = path.join(dir, 'bench.db')
  try {
    await seedInto('SQLite', createDb({ dialect: 'sqlite', url: `sqlite:${file}`, sqlitePath: file }))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }

  const serverUrl = process.env.BENCH_POSTGRES_URL
  if (!serverUrl) return
  const database = await scratchPostgresDatabase(serverUrl, 'wandercards_seed_bench')
  try {
    await seedInto('PostgreSQL', createDb({ dialect: 'postgres', url: database.url, sqlitePath: '' }))
  } finally {
    await database.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
