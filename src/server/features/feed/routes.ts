import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { envelope } from '@shared/envelope'
import { MemoryFeedQuerySchema, MemoryFeedSchema } from '@shared/feed'

import { userId } from '../../lib/requestUser'

import { getMemoryFeed } from './service'

export const feedRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const signer = fastify.pictureSigner

  fastify.get(
    '/feed/getMemoryFeed',
    {
      onRequest: fastify.requireUser,
      schema: { querystring: MemoryFeedQuerySchema, response: { 200: envelope(MemoryFeedSchema) } },
    },
    (request) => getMemoryFeed(fastify.db, signer, userId(request), request.query),
  )
}
