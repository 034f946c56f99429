import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { route } from '../../lib/calls'

import { operatorTokenHash, operatorUserId } from './requestOperator'
import * as operatorService from './service'

/** The operator role's own calls: the second factor and the audit log (docs/security.md#operators). */
export const operatorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const secretKey = fastify.config.operatorSecretKey

  route(fastify, 'getSecondFactor', { onRequest: fastify.requireOperatorSession }, (request) =>
    operatorService.secondFactorStatus(db, operatorUserId(request), request.operator?.verified === true),
  )

  route(fastify, 'enrolSecondFactor', { onRequest: fastify.requireOperatorSession }, (request) =>
    operatorService.enrolSecondFactor(db, secretKey, operatorUserId(request)),
  )

  route(
    fastify,
    'verifySecondFactor',
    { onRequest: fastify.requireOperatorSession, config: { limits: ['operatorCode'] } },
    (request) =>
      operatorService.verifySecondFactor(
        db,
        secretKey,
        operatorUserId(request),
        operatorTokenHash(request),
        request.body.code,
      ),
  )

  route(fastify, 'getAuditLog', { onRequest: fastify.requireOperator }, (request) =>
    operatorService.getAuditLog(db, request.query),
  )

  route(
    fastify,
    'exportAuditLog',
    { onRequest: fastify.requireOperator, config: { rawResponse: true } },
    async (request, reply) => {
      const { csv } = await operatorService.exportAuditLog(db, operatorUserId(request), request.query)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="wandercards-audit-log-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv)
    },
  )
}
