import { buildApp } from './app'
import { loadConfig } from './config'
import { createDb } from './db/createDb'
import { migrateToLatest } from './db/migrate'
import { seedDatabase } from './db/seed/seedDatabase'
import { warmArtCache } from './features/catalogue/warmup'

async function main(): Promise<void> {
  const config = loadConfig()
  const db = createDb(config.database, (error) => console.error(`database connection lost: ${error.message}`))
  await migrateToLatest(db)
  await seedDatabase(db)
  const app = await buildApp({ config, db, closeDb: true })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down')
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  }
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Wandercards is running on ${config.publicUrl} (database: ${config.database.dialect})`)
  // One instance at a time renders what no instance has rendered yet, for the whole cluster.
  await app.jobs.once('card-art-warmup', async (stopping) => {
    await warmArtCache(app, stopping)
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
