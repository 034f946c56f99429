import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import {
  CardDrawResultSchema,
  DrawCardQuerySchema,
  DrawCardResultSchema,
  FreeCardDrawResultSchema,
  FreeDrawnCardSchema,
  PickCardBodySchema,
  PickCardResultSchema,
  PricesSchema,
  TransactionIdQuerySchema,
} from '@shared/acquire'
import { envelope } from '@shared/envelope'

import { cryptoRandomInt } from '../../lib/random'
import { userId } from '../../plugins/auth'
import { perClientLimit } from '../../plugins/rateLimit'

import * as acquireService from './service'

export const acquireRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { rateLimits } = fastify.config

  fastify.get('/getPrices', { schema: { response: { 200: envelope(PricesSchema) } } }, () => acquireService.getPrices())

  fastify.post(
    '/pickCard',
    {
      schema: { body: PickCardBodySchema, response: { 200: envelope(PickCardResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      fastify.db
        .transaction()
        .execute((trx) => acquireService.pickCard(trx, userId(request), request.body.selectedCardId)),
  )

  fastify.get(
    '/drawCard',
    {
      schema: { querystring: DrawCardQuerySchema, response: { 200: envelope(DrawCardResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      fastify.db
        .transaction()
        .execute((trx) => acquireService.drawCard(trx, userId(request), request.query.tenDraws === 1, cryptoRandomInt)),
  )

  fastify.get(
    '/getCardDrawResult',
    {
      schema: { querystring: TransactionIdQuerySchema, response: { 200: envelope(CardDrawResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => acquireService.getCardDrawResult(fastify.db, userId(request), request.query.transactionId),
  )

  // A visitor's free draw makes a row per call, so it is limited per client address.
  fastify.get(
    '/public/freeDrawCard',
    { schema: { response: { 200: envelope(FreeDrawnCardSchema) } }, config: perClientLimit(rateLimits, 5, '1 hour') },
    () => fastify.db.transaction().execute((trx) => acquireService.freeDrawCard(trx, cryptoRandomInt)),
  )

  fastify.get(
    '/public/getFreeCardDrawResult',
    {
      schema: { querystring: TransactionIdQuerySchema, response: { 200: envelope(FreeCardDrawResultSchema) } },
      config: perClientLimit(rateLimits, 60, '1 minute'),
    },
    (request) => acquireService.getFreeCardDrawResult(fastify.db, request.query.transactionId),
  )
}
