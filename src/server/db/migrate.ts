import { Migrator, type MigrationProvider } from 'kysely'

import type { Db } from './createDb'
import { migrations } from './migrations'

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the database to the newest version; throws when a migration fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}

export async function migrateDown(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider })
  for (let left = Object.keys(migrations).length; left > 0; left -= 1) {
    const { error } = await migrator.migrateDown()
    if (error) throw error instanceof Error ? error : new Error('A migration failed to undo', { cause: error })
  }
}
