import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { envelopeJson } from '../../lib/envelopeJson'
import { userId } from '../../lib/requestUser'

import { getGiftAllowance, giftUserCard } from './gifts'
import * as collectionService from './service'

export const collectionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, 'getMyCollection', { onRequest: fastify.requireUser }, async (request, typedReply) => {
    // A collector's list runs to megabytes: V8's JSON.stringify writes it about five times faster than the schema's
    // serializer (docs/benchmarks.md, "Growth"); the typed reply, expecting the data, would not take the string.
    const reply: FastifyReply = typedReply
    const collection = await collectionService.getMyCollection(fastify.db, fastify.catalogue, userId(request))
    return reply.type('application/json').send(envelopeJson(JSON.stringify(collection), true))
  })

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
