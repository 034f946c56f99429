import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import * as contentService from './service'

export const contentRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(
    fastify,
    'requestNewContent',
    { onRequest: fastify.requireUser, config: { limits: ['contentRequest'] } },
    (request) => contentService.requestNewContent(fastify.db, userId(request), request.body),
  )
}
