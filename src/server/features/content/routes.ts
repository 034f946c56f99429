import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { RequestNewContentBodySchema } from '@shared/content'
import { envelope } from '@shared/envelope'

import { userId } from '../../lib/requestUser'

import * as contentService from './service'

export const contentRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/system/requestNewContent',
    {
      schema: { body: RequestNewContentBodySchema, response: { 200: envelope(Type.Null()) } },
      onRequest: fastify.requireUser,
      config: { limits: ['contentRequest'] },
    },
    (request) => contentService.requestNewContent(fastify.db, userId(request), request.body),
  )
}
