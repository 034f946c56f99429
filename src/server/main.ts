import closeWithGrace from 'close-with-grace'

import { buildApp } from './app'
import { loadConfig } from './config'
import { SettingsError } from './config/settings'
import { openDatabase } from './db/createDb'
import { migrateToLatest, UnknownMigrationsError } from './db/migrate'
import { warmArtCache } from './features/catalogue/warmup'
import { anyOperator } from './features/operator/service'
import { getMapPlaces } from './features/travel/service'
import { seedDatabase } from './seedDatabase'

async function main(): Promise<void> {
  const config = loadConfig()
  // Loaded only when tracing is on: without it no SDK is loaded and no span is made (lib/tracing.ts).
  const tracing = config.tracing ? (await import('./lib/tracingSdk')).startTracing(config.tracing) : null
  // Migrations and seeding may run longer than a request's statement may: they get a connection of their own,
  // without the request timeouts.
  const setup = openDatabase(config.database)
  await migrateToLatest(setup.db)
  await seedDatabase(setup.db)
  // Operators' second-factor secrets are sealed under OPERATOR_SECRET_KEY: without it no operator could sign in.
  const operatorsWithoutKey = !config.operatorSecretKey && (await anyOperator(setup.db))
  await setup.db.destroy()
  if (operatorsWithoutKey) {
    throw new SettingsError(
      'Setting OPERATOR_SECRET_KEY is required: the database has operators, whose second-factor secrets are ' +
        'encrypted under it. Set it to the key they were enrolled with (64 hex characters), or revoke them with ' +
        '`npm run operator -- revoke <email>`.',
    )
  }
  const { db, poolStats } = openDatabase(config.database, {
    onConnectionLost: (error) => {
      console.error(`database connection lost: ${error.message}`)
    },
    checkpointInBackground: true,
    limits: config.databaseLimits,
    traced: tracing !== null,
  })
  const app = await buildApp({ config, db, closeDb: true, poolStats })
  // Drawn before the first request rather than during it: projecting the catalogue's places (which buildApp read, as
  // indexing 2,000 places holds the thread for a few hundred ms) and the world's land onto My Map's world map takes
  // 1–3 s, which the first traveller to open the map waited through, and every request behind them.
  getMapPlaces(app.catalogue)

  // On SIGTERM or SIGINT: stop accepting connections, let requests in flight finish, close the database pool and
  // Redis (the app's onClose hooks), then exit. A shutdown slower than the grace period, or a second signal, exits
  // at once, so the process never lingers.
  closeWithGrace(
    {
      delay: config.shutdownGraceMs,
      logger: {
        error: (message: unknown) => app.log.error(message instanceof Error ? { err: message } : {}, String(message)),
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'stopping after an unexpected error')
      else app.log.info({ signal }, 'shutting down')
      await app.close()
      await tracing?.shutdown()
      app.log.info('stopped')
    },
  )

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Wandercards is running on ${config.publicUrl} (database: ${config.database.dialect})`)
  // One instance at a time renders what no instance has rendered yet, for the whole cluster. The server answers
  // without it, so a warm-up that cannot be queued is logged, never fatal.
  app.jobs
    .once('card-art-warmup', async (stopping) => {
      await warmArtCache(app, stopping)
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'card art warm-up not queued'))
}

main().catch((error: unknown) => {
  // A bad setting or a database migrated by a newer build is the operator's to fix: the message says which and how,
  // a stack trace would only hide it.
  if (error instanceof SettingsError || error instanceof UnknownMigrationsError)
    console.error(`Wandercards cannot start: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
