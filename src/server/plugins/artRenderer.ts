import fp from 'fastify-plugin'

import type { ArtRenderer } from '../lib/art/artRenderer'

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws card and collection art on worker threads (ART_RENDER_THREADS), off the thread that answers requests. */
    artRenderer: ArtRenderer
  }
}

/** Makes the art renderer built in app.ts available, and stops its threads with the server. */
export const artRendererPlugin = fp<{ renderer: ArtRenderer }>(
  async (fastify, { renderer }) => {
    fastify.decorate('artRenderer', renderer)
    fastify.addHook('onClose', async () => renderer.close())
  },
  { name: 'art-renderer' },
)
