import fp from 'fastify-plugin'

import { loadCatalogue, type Catalogue } from './catalogueCache'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The catalogue as the API shows it (features/catalogue), read once when the app is built: routes hand it to the
     * services that need it, so no request reads it and a purchase's transaction never does.
     */
    catalogue: Catalogue
  }
}

/**
 * Reads the catalogue before the app is ready, so the first request never waits for it. It is not read again: a new
 * catalogue version is seeded before the app is built (main.ts) and ships with new code, so with a restart.
 */
export const cataloguePlugin = fp(
  async (fastify) => {
    fastify.decorate('catalogue', await loadCatalogue(fastify.db))
  },
  { name: 'catalogue', dependencies: ['db'] },
)
