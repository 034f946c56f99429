import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { envelope } from '@shared/envelope'
import {
  AddFriendResultSchema,
  FriendCodeBodySchema,
  FriendMatchSchema,
  FriendPageQuerySchema,
  FriendPageSchema,
  FriendSchema,
  SearchFriendsQuerySchema,
} from '@shared/friends'

import { inTransaction } from '../../db/transactions'
import { userId } from '../../lib/requestUser'

import { getFriendPage } from './friendPage'
import * as friendsService from './service'

export const friendsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/friends/addFriend',
    {
      schema: { body: FriendCodeBodySchema, response: { 200: envelope(AddFriendResultSchema) } },
      onRequest: fastify.requireUser,
      config: { limits: ['friendCodeLookup'] },
    },
    (request) =>
      inTransaction(fastify.db, (trx) => friendsService.addFriend(trx, userId(request), request.body.friendCode)),
  )

  fastify.post(
    '/friends/removeFriend',
    {
      schema: { body: FriendCodeBodySchema, response: { 200: envelope(Type.Null()) } },
      onRequest: fastify.requireUser,
      config: { limits: ['friendCodeLookup'] },
    },
    (request) =>
      inTransaction(fastify.db, (trx) => friendsService.removeFriend(trx, userId(request), request.body.friendCode)),
  )

  fastify.get(
    '/friends/getMyFriends',
    { schema: { response: { 200: envelope(Type.Array(FriendSchema)) } }, onRequest: fastify.requireUser },
    (request) => friendsService.getMyFriends(fastify.db, userId(request)),
  )

  fastify.get(
    '/friends/searchFriends',
    {
      schema: { querystring: SearchFriendsQuerySchema, response: { 200: envelope(Type.Array(FriendMatchSchema)) } },
      onRequest: fastify.requireUser,
    },
    (request) => friendsService.searchFriends(fastify.db, userId(request), request.query.name),
  )

  fastify.get(
    '/friends/getFriendPage',
    {
      schema: { querystring: FriendPageQuerySchema, response: { 200: envelope(FriendPageSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      getFriendPage(fastify.db, fastify.catalogue, fastify.pictureSigner, userId(request), request.query.userId),
  )
}
