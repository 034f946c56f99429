import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { envelope } from '@shared/envelope'
import {
  AuditLogFilterSchema,
  AuditLogPageSchema,
  GetAuditLogQuerySchema,
  SecondFactorEnrolmentSchema,
  SecondFactorStatusSchema,
  VerifySecondFactorBodySchema,
} from '@shared/operator'

import { operatorTokenHash, operatorUserId } from './requestOperator'
import * as operatorService from './service'

/** The operator role's own calls: the second factor and the audit log (docs/security.md#operators). */
export const operatorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const secretKey = fastify.config.operatorSecretKey

  fastify.get(
    '/operator/secondFactor',
    { schema: { response: { 200: envelope(SecondFactorStatusSchema) } }, onRequest: fastify.requireOperatorSession },
    (request) => operatorService.secondFactorStatus(db, operatorUserId(request), request.operator?.verified === true),
  )

  fastify.post(
    '/operator/secondFactor/enrol',
    {
      schema: { response: { 200: envelope(SecondFactorEnrolmentSchema) } },
      onRequest: fastify.requireOperatorSession,
    },
    (request) => operatorService.enrolSecondFactor(db, secretKey, operatorUserId(request)),
  )

  fastify.post(
    '/operator/secondFactor/verify',
    {
      schema: { body: VerifySecondFactorBodySchema, response: { 200: envelope(SecondFactorStatusSchema) } },
      onRequest: fastify.requireOperatorSession,
      config: { limits: ['operatorCode'] },
    },
    (request) =>
      operatorService.verifySecondFactor(
        db,
        secretKey,
        operatorUserId(request),
        operatorTokenHash(request),
        request.body.code,
      ),
  )

  fastify.get(
    '/operator/auditLog',
    {
      schema: { querystring: GetAuditLogQuerySchema, response: { 200: envelope(AuditLogPageSchema) } },
      onRequest: fastify.requireOperator,
    },
    (request) => operatorService.getAuditLog(db, request.query),
  )

  fastify.get(
    '/operator/auditLog/export',
    {
      schema: { querystring: AuditLogFilterSchema },
      onRequest: fastify.requireOperator,
      config: { rawResponse: true },
    },
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
