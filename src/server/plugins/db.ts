import fp from 'fastify-plugin'

import type { Config } from '../config'
import type { Db } from '../db/createDb'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: Config
  }
}

/** Makes the database and settings available to every route; the database is closed with the server. */
export const dbPlugin = fp<{ db: Db; config: Config; closeDb: boolean }>(
  async (fastify, { db, config, closeDb }) => {
    fastify.decorate('db', db)
    fastify.decorate('config', config)
    if (closeDb) fastify.addHook('onClose', async () => db.destroy())
  },
  { name: 'db' },
)
