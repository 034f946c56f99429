import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { envelope } from '@shared/envelope'
import {
  ModerationActionBodySchema,
  ModerationActionResultSchema,
  ModerationQueueResultSchema,
  ReportBodySchema,
  ReportResultSchema,
  UnsuspendBodySchema,
} from '@shared/moderation'

import { inTransaction } from '../../db/transactions'
import { userId } from '../../lib/requestUser'
import { operatorUserId } from '../operator/requestOperator'

import { actOnQueueItem, unsuspend } from './actions'
import { getModerationQueue } from './queue'
import { reportItem } from './reports'

/**
 * Reports and moderation (docs/product.md#reports-and-moderation): a traveller's report, and the operators' queue and
 * actions under /api/operator/moderation (docs/security.md#operators).
 */
export const moderationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify

  fastify.post(
    '/moderation/report',
    {
      schema: { body: ReportBodySchema, response: { 200: envelope(ReportResultSchema) } },
      onRequest: fastify.requireUser,
      config: { limits: ['report'] },
    },
    (request) => reportItem(db, userId(request), request.body),
  )

  fastify.get(
    '/operator/moderation/queue',
    { schema: { response: { 200: envelope(ModerationQueueResultSchema) } }, onRequest: fastify.requireOperator },
    () => getModerationQueue(db, fastify.pictureSigner),
  )

  fastify.post(
    '/operator/moderation/act',
    {
      schema: { body: ModerationActionBodySchema, response: { 200: envelope(ModerationActionResultSchema) } },
      onRequest: fastify.requireOperator,
    },
    async (request) => {
      const { result, endedSessions } = await inTransaction(db, (trx) =>
        actOnQueueItem(trx, operatorUserId(request), request.body),
      )
      // A suspension ends the author's sessions on every instance at once.
      for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
      return result
    },
  )

  fastify.post(
    '/operator/moderation/unsuspend',
    {
      schema: { body: UnsuspendBodySchema, response: { 200: envelope(Type.Null()) } },
      onRequest: fastify.requireOperator,
    },
    (request) => inTransaction(db, (trx) => unsuspend(trx, operatorUserId(request), request.body)),
  )
}
