import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { envelope } from '@shared/envelope'
import { ReportBodySchema, ReportResultSchema } from '@shared/moderation'

import { userId } from '../../lib/requestUser'

import * as moderationService from './service'

/** A traveller's report of a memory, a comment or a traveller (docs/product.md#reports-and-moderation). */
export const moderationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/moderation/report',
    {
      schema: { body: ReportBodySchema, response: { 200: envelope(ReportResultSchema) } },
      onRequest: fastify.requireUser,
      config: { limits: ['report'] },
    },
    (request) => moderationService.reportItem(fastify.db, userId(request), request.body),
  )
}
