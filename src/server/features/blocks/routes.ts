import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { ListedTravellerSchema, TravellerBodySchema } from '@shared/blocks'
import { envelope } from '@shared/envelope'

import { inTransaction } from '../../db/transactions'
import { userId } from '../../lib/requestUser'

import * as blocksService from './service'

export const blocksRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const writes = [
    ['/blocks/blockTraveller', blocksService.blockTraveller],
    ['/blocks/unblockTraveller', blocksService.unblockTraveller],
    ['/blocks/muteTraveller', blocksService.muteTraveller],
    ['/blocks/unmuteTraveller', blocksService.unmuteTraveller],
  ] as const
  for (const [path, write] of writes) {
    fastify.post(
      path,
      {
        schema: { body: TravellerBodySchema, response: { 200: envelope(Type.Null()) } },
        onRequest: fastify.requireUser,
      },
      (request) => inTransaction(fastify.db, (trx) => write(trx, userId(request), request.body.travellerId)),
    )
  }

  fastify.get(
    '/blocks/getBlockedTravellers',
    { schema: { response: { 200: envelope(Type.Array(ListedTravellerSchema)) } }, onRequest: fastify.requireUser },
    (request) => blocksService.getBlockedTravellers(fastify.db, userId(request)),
  )

  fastify.get(
    '/blocks/getMutedTravellers',
    { schema: { response: { 200: envelope(Type.Array(ListedTravellerSchema)) } }, onRequest: fastify.requireUser },
    (request) => blocksService.getMutedTravellers(fastify.db, userId(request)),
  )
}
