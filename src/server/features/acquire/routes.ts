import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import {
  AgeConfirmationSchema,
  CardDrawResultSchema,
  DrawCardQuerySchema,
  DrawCardResultSchema,
  DrawPitySchema,
  FreeCardDrawResultSchema,
  FreeDrawnCardSchema,
  MyDrawsQuerySchema,
  MyDrawsSchema,
  PickCardBodySchema,
  PickCardResultSchema,
  PricesSchema,
  TransactionIdQuerySchema,
} from '@shared/acquire'
import { envelope } from '@shared/envelope'

import { inTransaction } from '../../db/transactions'
import { cryptoRandomInt } from '../../lib/random'
import { userId } from '../../lib/requestUser'

import { getMyDraws } from './drawHistory'
import * as acquireService from './service'

export const acquireRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  // The age confirmation the app asks for before the first paid draw; drawCard itself does not require it, so its
  // contract stays as it is for API clients (docs/decisions.md).
  fastify.get(
    '/getAgeConfirmation',
    { schema: { response: { 200: envelope(AgeConfirmationSchema) } }, onRequest: fastify.requireUser },
    (request) => acquireService.getAgeConfirmation(fastify.db, userId(request)),
  )
  fastify.post(
    '/confirmAge',
    { schema: { response: { 200: envelope(AgeConfirmationSchema) } }, onRequest: fastify.requireUser },
    (request) => acquireService.confirmAge(fastify.db, userId(request)),
  )

  fastify.get('/getPrices', { schema: { response: { 200: envelope(PricesSchema) } } }, () => acquireService.getPrices())

  fastify.post(
    '/pickCard',
    {
      schema: { body: PickCardBodySchema, response: { 200: envelope(PickCardResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      inTransaction(fastify.db, (trx) =>
        acquireService.pickCard(trx, fastify.catalogue, userId(request), request.body.selectedCardId),
      ),
  )

  fastify.get(
    '/drawCard',
    {
      schema: { querystring: DrawCardQuerySchema, response: { 200: envelope(DrawCardResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      inTransaction(fastify.db, (trx) =>
        acquireService.drawCard(trx, fastify.catalogue, userId(request), request.query.tenDraws === 1, cryptoRandomInt),
      ),
  )

  fastify.get(
    '/getCardDrawResult',
    {
      schema: { querystring: TransactionIdQuerySchema, response: { 200: envelope(CardDrawResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => acquireService.getCardDrawResult(fastify.db, userId(request), request.query.transactionId),
  )

  fastify.get(
    '/getMyDraws',
    {
      schema: { querystring: MyDrawsQuerySchema, response: { 200: envelope(MyDrawsSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => getMyDraws(fastify.db, userId(request), request.query),
  )

  fastify.get(
    '/getDrawPity',
    { schema: { response: { 200: envelope(DrawPitySchema) } }, onRequest: fastify.requireUser },
    (request) => acquireService.getDrawPity(fastify.db, userId(request)),
  )

  // A visitor's free draw makes a row per call, so it is limited per client address.
  fastify.get(
    '/public/freeDrawCard',
    { schema: { response: { 200: envelope(FreeDrawnCardSchema) } }, config: { limits: ['freeDraw'] } },
    () => inTransaction(fastify.db, (trx) => acquireService.freeDrawCard(trx, fastify.catalogue, cryptoRandomInt)),
  )

  fastify.get(
    '/public/getFreeCardDrawResult',
    {
      schema: { querystring: TransactionIdQuerySchema, response: { 200: envelope(FreeCardDrawResultSchema) } },
      config: { limits: ['freeDrawResult'] },
    },
    (request) => acquireService.getFreeCardDrawResult(fastify.db, request.query.transactionId),
  )
}
