import zlib from 'node:zlib'

import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Compresses text responses (JSON, HTML) of 1 KB and more with brotli or gzip, whichever the client prefers. Brotli
 * runs at quality 4: close to gzip's speed with smaller output; the static bundles are compressed at build time instead.
 */
export const compressionPlugin = fp(
  async (fastify) => {
    await fastify.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compression' },
)
