import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { cryptoRandomInt } from '../../lib/random'
import { userId } from '../../lib/requestUser'
import { catalogue } from '../catalogue/service'

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

  route(fastify, 'pickCard', { onRequest: fastify.requireUser }, async (request) => {
    const cards = await catalogue(fastify.db)
    return inTransaction(fastify.db, (trx) =>
      acquireService.pickCard(trx, userId(request), request.body.selectedCardId, cards),
    )
  })

  route(fastify, 'drawCard', { onRequest: fastify.requireUser }, async (request) => {
    const cards = await catalogue(fastify.db)
    return inTransaction(fastify.db, (trx) =>
      acquireService.drawCard(trx, userId(request), request.query.tenDraws === 1, cryptoRandomInt, cards),
    )
  })

  route(fastify, 'getCardDrawResult', { onRequest: fastify.requireUser }, (request) =>
    acquireService.getCardDrawResult(fastify.db, userId(request), request.query.transactionId),
  )

  route(fastify, 'getMyDraws', { onRequest: fastify.requireUser }, (request) =>
    acquireService.getMyDraws(fastify.db, userId(request), request.query),
  )

  route(fastify, 'getDrawPity', { onRequest: fastify.requireUser }, (request) =>
    acquireService.getDrawPity(fastify.db, userId(request)),
  )

  // A visitor's free draw makes a row per call, so it is limited per client address.
  route(fastify, 'freeDrawCard', { config: { limits: ['freeDraw'] } }, async () => {
    const cards = await catalogue(fastify.db)
    return inTransaction(fastify.db, (trx) => acquireService.freeDrawCard(trx, cryptoRandomInt, cards))
  })

  route(fastify, 'getFreeCardDrawResult', { config: { limits: ['freeDrawResult'] } }, (request) =>
    acquireService.getFreeCardDrawResult(fastify.db, request.query.transactionId),
  )
}
