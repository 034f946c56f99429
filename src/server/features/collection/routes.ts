import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import {
  GiftAllowanceSchema,
  GiftUserCardBodySchema,
  GiftUserCardResultSchema,
  MyCollectionSchema,
  RecycleUserCardBodySchema,
  RecycleUserCardResultSchema,
  RecycleValueSchema,
  UserCardQuerySchema,
  UserCardSchema,
} from '@shared/collection'
import { envelope } from '@shared/envelope'

import { inTransaction } from '../../db/transactions'
import { userId } from '../../lib/requestUser'

import { getGiftAllowance, giftUserCard } from './gifts'
import * as collectionService from './service'

export const collectionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/getMyCollection',
    { schema: { response: { 200: envelope(MyCollectionSchema) } }, onRequest: fastify.requireUser },
    (request) => collectionService.getMyCollection(fastify.db, userId(request)),
  )

  fastify.get(
    '/getUserCard',
    {
      schema: { querystring: UserCardQuerySchema, response: { 200: envelope(UserCardSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      collectionService.getUserCard(fastify.db, fastify.pictureSigner, userId(request), request.query.userCardId),
  )

  fastify.get(
    '/getRecycleValue',
    {
      schema: { querystring: UserCardQuerySchema, response: { 200: envelope(RecycleValueSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => collectionService.getRecycleValue(fastify.db, userId(request), request.query.userCardId),
  )

  fastify.post(
    '/recycleUserCard',
    {
      schema: { body: RecycleUserCardBodySchema, response: { 200: envelope(RecycleUserCardResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      inTransaction(fastify.db, (trx) =>
        collectionService.recycleUserCard(trx, userId(request), request.body.userCardId),
      ),
  )

  fastify.get(
    '/getGiftAllowance',
    { schema: { response: { 200: envelope(GiftAllowanceSchema) } }, onRequest: fastify.requireUser },
    (request) => getGiftAllowance(fastify.db, userId(request)),
  )

  fastify.post(
    '/giftUserCard',
    {
      schema: { body: GiftUserCardBodySchema, response: { 200: envelope(GiftUserCardResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => inTransaction(fastify.db, (trx) => giftUserCard(trx, userId(request), request.body)),
  )
}
