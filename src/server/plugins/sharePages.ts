import fp from 'fastify-plugin'

import type { SharePages } from '../lib/sharePages'

declare module 'fastify' {
  interface FastifyInstance {
    /** The public share pages of every feature, by name; the share feature serves them. */
    sharePages: SharePages
  }
}

/** Makes the share pages composed in app.ts available to the share routes, so no feature imports another's page. */
export const sharePagesPlugin = fp<{ pages: SharePages }>(
  async (fastify, { pages }) => {
    fastify.decorate('sharePages', pages)
  },
  { name: 'share-pages', dependencies: ['db'] },
)
