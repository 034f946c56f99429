import {
  Migrator,
  NO_MIGRATIONS,
  sql,
  type MigrationProvider,
  type MigrationResult,
  type MigrationResultSet,
} from 'kysely'

import type { Db } from './createDb'
import { migrations } from './migrations'

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Every migration this build knows, oldest first. */
export const knownMigrations: readonly string[] = Object.keys(migrations).sort()

/**
 * The database was migrated by a newer build than this one: this build would misread a schema it does not know, so it
 * stops before anything else. The message is for an operator and says what to do.
 */
export class UnknownMigrationsError extends Error {
  override name = 'UnknownMigrationsError'

  constructor(readonly unknown: string[]) {
    const newestKnown = knownMigrations.at(-1) ?? 'none'
    super(
      `the database has ${unknown.length === 1 ? 'a migration' : 'migrations'} this build does not know ` +
        `(${unknown.join(', ')}): a newer build of Wandercards migrated it. Either deploy that newer build (or a later ` +
        `one), or roll the database back with the newer build first, stopping every instance and taking a backup ` +
        `before: \`npm run migrate -- down --to ${newestKnown}\` (or \`node dist/server/migrate.js down --to ` +
        `${newestKnown}\`) run from the newer build, then start this one. Rolling back drops what those migrations ` +
        `added.`,
    )
  }
}

/** The names recorded in Kysely's migration table, oldest first; none when the database has never been migrated. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  if (!tables.some((table) => table.name === 'kysely_migration' && (table.schema ?? 'public') === 'public')) return []
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
  return rows.map((row) => row.name)
}

/** Stops with UnknownMigrationsError when the database holds a migration this build does not know. */
export async function checkNoUnknownMigrations(db: Db): Promise<void> {
  const known = new Set(knownMigrations)
  const unknown = (await appliedMigrations(db)).filter((name) => !known.has(name))
  if (unknown.length > 0) throw new UnknownMigrationsError(unknown)
}

function throwOnFailure({ error, results }: MigrationResultSet, doing: string): MigrationResult[] {
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed ${doing}: ${String(error)}`, { cause: error })
  }
  return results ?? []
}

/** Brings the database to the newest version; throws when a migration fails or the database is newer than this build. */
export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  await checkNoUnknownMigrations(db)
  return throwOnFailure(await new Migrator({ db, provider }).migrateToLatest(), 'going up')
}

/**
 * Migrates up or down until `target` is the newest migration applied; `null` undoes every one. Each migration runs
 * its own `up` or `down` in turn (on PostgreSQL all of them in one transaction, which a failure rolls back).
 */
export async function migrateTo(db: Db, target: string | null): Promise<MigrationResult[]> {
  if (target !== null && !knownMigrations.includes(target)) {
    throw new Error(`unknown migration "${target}"; this build knows: ${knownMigrations.join(', ')}`)
  }
  await checkNoUnknownMigrations(db)
  const migrator = new Migrator({ db, provider })
  return throwOnFailure(await migrator.migrateTo(target ?? NO_MIGRATIONS), `going to ${target ?? 'none'}`)
}

/** Undoes every migration, newest first. */
export async function migrateDown(db: Db): Promise<void> {
  await migrateTo(db, null)
}

/** Undoes the newest migration applied, if any. */
export async function migrateDownOne(db: Db): Promise<MigrationResult[]> {
  await checkNoUnknownMigrations(db)
  return throwOnFailure(await new Migrator({ db, provider }).migrateDown(), 'going down')
}
