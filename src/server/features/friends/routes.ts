import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import { getFriendPage } from './friendPage'
import * as friendsService from './service'

export const friendsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, 'addFriend', { onRequest: fastify.requireUser, config: { limits: ['friendCodeLookup'] } }, (request) =>
    inTransaction(fastify.db, (trx) => friendsService.addFriend(trx, userId(request), request.body.friendCode)),
  )

  route(
    fastify,
    'removeFriend',
    { onRequest: fastify.requireUser, config: { limits: ['friendCodeLookup'] } },
    (request) =>
      inTransaction(fastify.db, (trx) => friendsService.removeFriend(trx, userId(request), request.body.friendCode)),
  )

  route(fastify, 'getMyFriends', { onRequest: fastify.requireUser }, (request) =>
    friendsService.getMyFriends(fastify.db, userId(request)),
  )

  route(fastify, 'searchFriends', { onRequest: fastify.requireUser }, (request) =>
    friendsService.searchFriends(fastify.db, userId(request), request.query.name),
  )

  route(fastify, 'getFriendPage', { onRequest: fastify.requireUser }, (request) =>
    getFriendPage(fastify.db, fastify.catalogue, fastify.pictureSigner, userId(request), request.query.userId),
  )
}
