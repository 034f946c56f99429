import fp from 'fastify-plugin'

import type { BlobStore } from '../lib/blobStore'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one object store of this instance (local folder or S3-compatible), shared by every feature. */
    blobs: BlobStore
  }
}

/** Makes the blob store built in app.ts available to every feature, and closes it with the server. */
export const blobsPlugin = fp<{ blobs: BlobStore }>(
  async (fastify, { blobs }) => {
    fastify.decorate('blobs', blobs)
    fastify.addHook('onClose', async () => blobs.close())
  },
  { name: 'blobs', dependencies: ['db'] },
)
