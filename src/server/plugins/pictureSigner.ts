import fp from 'fastify-plugin'

import { PictureSigner } from '../lib/pictureSigner'

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the links of memory pictures; one per instance, made from MEDIA_SIGNING_SECRET. */
    pictureSigner: PictureSigner
  }
}

/** Every feature that shows memory pictures (memories, feed, collection) signs their links with this one signer. */
export const pictureSignerPlugin = fp(
  async (fastify) => {
    fastify.decorate('pictureSigner', new PictureSigner(fastify.config.mediaSigningSecret))
  },
  { name: 'picture-signer', dependencies: ['db'] },
)
