import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import * as blocksService from './service'

export const blocksRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const writes = [
    ['blockTraveller', blocksService.blockTraveller],
    ['unblockTraveller', blocksService.unblockTraveller],
    ['muteTraveller', blocksService.muteTraveller],
    ['unmuteTraveller', blocksService.unmuteTraveller],
  ] as const
  for (const [name, write] of writes) {
    route(fastify, name, { onRequest: fastify.requireUser }, (request) =>
      inTransaction(fastify.db, (trx) => write(trx, userId(request), request.body.travellerId)),
    )
  }

  route(fastify, 'getBlockedTravellers', { onRequest: fastify.requireUser }, (request) =>
    blocksService.getBlockedTravellers(fastify.db, userId(request)),
  )

  route(fastify, 'getMutedTravellers', { onRequest: fastify.requireUser }, (request) =>
    blocksService.getMutedTravellers(fastify.db, userId(request)),
  )
}
