import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { envelope } from '@shared/envelope'
import {
  AddFriendResultSchema,
  FriendCodeBodySchema,
  FriendMatchSchema,
  FriendSchema,
  SearchFriendsQuerySchema,
} from '@shared/friends'

import { userId } from '../../plugins/auth'
import { perClientLimit } from '../../plugins/rateLimit'

import * as friendsService from './service'

export const friendsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { rateLimits } = fastify.config

  fastify.post(
    '/friends/addFriend',
    {
      schema: { body: FriendCodeBodySchema, response: { 200: envelope(AddFriendResultSchema) } },
      onRequest: fastify.requireUser,
      // Friend codes are short; a limit keeps them from being enumerated.
      config: perClientLimit(rateLimits, 30, '10 minutes'),
    },
    (request) =>
      fastify.db
        .transaction()
        .execute((trx) => friendsService.addFriend(trx, userId(request), request.body.friendCode)),
  )

  fastify.post(
    '/friends/removeFriend',
    {
      schema: { body: FriendCodeBodySchema, response: { 200: envelope(Type.Null()) } },
      onRequest: fastify.requireUser,
    },
    (request) =>
      fastify.db
        .transaction()
        .execute((trx) => friendsService.removeFriend(trx, userId(request), request.body.friendCode)),
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
}
