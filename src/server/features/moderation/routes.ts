import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
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

  route(fastify, 'reportItem', { onRequest: fastify.requireUser, config: { limits: ['report'] } }, (request) =>
    reportItem(db, userId(request), request.body),
  )

  route(fastify, 'getModerationQueue', { onRequest: fastify.requireOperator }, () =>
    getModerationQueue(db, fastify.pictureSigner),
  )

  route(fastify, 'actOnQueueItem', { onRequest: fastify.requireOperator }, async (request) => {
    const { result, endedSessions } = await inTransaction(db, (trx) =>
      actOnQueueItem(trx, operatorUserId(request), request.body),
    )
    // A suspension ends the author's sessions on every instance at once.
    for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
    return result
  })

  route(fastify, 'unsuspend', { onRequest: fastify.requireOperator }, (request) =>
    inTransaction(db, (trx) => unsuspend(trx, operatorUserId(request), request.body)),
  )
}
