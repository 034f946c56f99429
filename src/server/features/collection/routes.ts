import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import { getGiftAllowance, giftUserCard } from './gifts'
import * as collectionService from './service'

export const collectionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, 'getMyCollection', { onRequest: fastify.requireUser }, (request) =>
    collectionService.getMyCollection(fastify.db, fastify.catalogue, userId(request)),
  )

  route(fastify, 'getUserCard', { onRequest: fastify.requireUser }, (request) =>
    collectionService.getUserCard(fastify.db, fastify.pictureSigner, userId(request), request.query.userCardId),
  )

  route(fastify, 'getRecycleValue', { onRequest: fastify.requireUser }, (request) =>
    collectionService.getRecycleValue(fastify.db, userId(request), request.query.userCardId),
  )

  route(fastify, 'recycleUserCard', { onRequest: fastify.requireUser }, (request) =>
    inTransaction(fastify.db, (trx) =>
      collectionService.recycleUserCard(trx, userId(request), request.body.userCardId),
    ),
  )

  route(fastify, 'getGiftAllowance', { onRequest: fastify.requireUser }, (request) =>
    getGiftAllowance(fastify.db, userId(request)),
  )

  route(fastify, 'giftUserCard', { onRequest: fastify.requireUser }, (request) =>
    inTransaction(fastify.db, (trx) => giftUserCard(trx, userId(request), request.body)),
  )
}
