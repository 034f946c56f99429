import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { cryptoRandomInt } from '../../lib/random'
import { userId } from '../../lib/requestUser'

import { getMyDraws } from './drawHistory'
import * as acquireService from './service'

export const acquireRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  // The age confirmation the app asks for before the first paid draw; drawCard itself does not require it, so its
  // contract stays as it is for API clients (docs/decisions.md).
  route(fastify, 'getAgeConfirmation', { onRequest: fastify.requireUser }, (request) =>
    acquireService.getAgeConfirmation(fastify.db, userId(request)),
  )
  route(fastify, 'confirmAge', { onRequest: fastify.requireUser }, (request) =>
    acquireService.confirmAge(fastify.db, userId(request)),
  )

  route(fastify, 'getPrices', {}, () => acquireService.getPrices())

  route(fastify, 'pickCard', { onRequest: fastify.requireUser }, (request) =>
    inTransaction(fastify.db, (trx) =>
      acquireService.pickCard(trx, fastify.catalogue, userId(request), request.body.selectedCardId),
    ),
  )

  route(fastify, 'drawCard', { onRequest: fastify.requireUser }, (request) =>
    inTransaction(fastify.db, (trx) =>
      acquireService.drawCard(trx, fastify.catalogue, userId(request), request.query.tenDraws === 1, cryptoRandomInt),
    ),
  )

  route(fastify, 'getCardDrawResult', { onRequest: fastify.requireUser }, (request) =>
    acquireService.getCardDrawResult(fastify.db, userId(request), request.query.transactionId),
  )

  route(fastify, 'getMyDraws', { onRequest: fastify.requireUser }, (request) =>
    getMyDraws(fastify.db, userId(request), request.query),
  )

  route(fastify, 'getDrawPity', { onRequest: fastify.requireUser }, (request) =>
    acquireService.getDrawPity(fastify.db, userId(request)),
  )

  // A visitor's free draw makes a row per call, so it is limited per client address.
  route(fastify, 'freeDrawCard', { config: { limits: ['freeDraw'] } }, () =>
    inTransaction(fastify.db, (trx) => acquireService.freeDrawCard(trx, fastify.catalogue, cryptoRandomInt)),
  )

  route(fastify, 'getFreeCardDrawResult', { config: { limits: ['freeDrawResult'] } }, (request) =>
    acquireService.getFreeCardDrawResult(fastify.db, request.query.transactionId),
  )
}
