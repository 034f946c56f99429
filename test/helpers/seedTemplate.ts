/**
 * Builds the database every seeded server test file starts from: migrated and seeded once per test run, then copied
 * (SQLite) or cloned (PostgreSQL's CREATE DATABASE … TEMPLATE) for each file instead of building the catalogue again.
 * Run by serverGlobalSetup.ts through tsx: `tsx test/helpers/seedTemplate.ts sqlite:/tmp/x.db`.
 */
import { parseDatabaseUrl } from '@server/config/database'
import { createDb } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { seedDatabase } from '@server/seedDatabase'

async function main(url: string): Promise<void> {
  const db = createDb(parseDatabaseUrl(url))
  try {
    await migrateToLatest(db)
    await seedDatabase(db)
  } finally {
    await db.destroy()
  }
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
