import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import { getMemoryFeed } from './service'

export const feedRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const signer = fastify.pictureSigner

  route(fastify, 'getMemoryFeed', { onRequest: fastify.requireUser }, (request) =>
    getMemoryFeed(fastify.db, signer, userId(request), request.query),
  )
}
