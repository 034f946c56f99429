import { loadConfig } from '../config'
import { openDatabase } from '../db/createDb'
import {
  appliedMigrations,
  knownMigrations,
  migrateDownOne,
  migrateTo,
  migrateToLatest,
  UnknownMigrationsError,
} from '../db/migrate'

import { runCommand, UsageError } from './command'

const USAGE = `Usage: migrate status
       migrate up [--to <migration>]        apply every migration, or those up to <migration>
       migrate down [--to <migration> | --all]  undo the newest migration, those after <migration>, or every one
Stop every instance first: a running server expects the schema it started with. Take a backup before going down.`

/** `npm run migrate -- …` / `node dist/server/migrate.js …`: moves the database's schema on DATABASE_URL. */
async function migrate(args: string[]): Promise<void> {
  const [direction = 'status', ...options] = args
  const to = options[0] === '--to' ? options[1] : undefined
  const all = options[0] === '--all'
  if (!['status', 'up', 'down'].includes(direction)) throw new UsageError(USAGE)
  if (options.length > 0 && !(to && options.length === 2) && !(all && direction === 'down' && options.length === 1))
    throw new UsageError(USAGE)
  if (to && !knownMigrations.includes(to))
    throw new UsageError(`This build knows no migration "${to}"; it knows:\n  ${knownMigrations.join('\n  ')}`)

  const { database } = loadConfig()
  const { db } = openDatabase(database)
  try {
    if (direction === 'status') {
      const applied = new Set(await appliedMigrations(db))
      for (const name of knownMigrations) console.log(`${applied.has(name) ? 'applied' : 'pending'}  ${name}`)
      for (const name of applied) if (!knownMigrations.includes(name)) console.log(`unknown  ${name}`)
      return
    }
    const newest = (await appliedMigrations(db)).at(-1)
    const position = (name: string | undefined) => (name === undefined ? -1 : knownMigrations.indexOf(name))
    if (to && direction === 'up' && position(to) < position(newest))
      throw new UsageError(
        `${to} is older than the newest migration applied (${newest}): use \`migrate down --to ${to}\``,
      )
    if (to && direction === 'down' && position(to) > position(newest))
      throw new UsageError(
        `${to} is not applied yet (the newest applied is ${newest ?? 'none'}): use \`migrate up --to ${to}\``,
      )
    const results =
      direction === 'up'
        ? await (to ? migrateTo(db, to) : migrateToLatest(db))
        : await (all ? migrateTo(db, null) : to ? migrateTo(db, to) : migrateDownOne(db))
    if (results.length === 0) console.log('Nothing to do.')
    for (const result of results)
      console.log(`${result.direction === 'Up' ? 'applied' : 'undid'}  ${result.migrationName}`)
  } finally {
    await db.destroy()
  }
}

runCommand('migrate', () => migrate(process.argv.slice(2)), [UnknownMigrationsError])
