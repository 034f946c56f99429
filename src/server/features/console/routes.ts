import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { route } from '../../lib/calls'
import { listContentRequests } from '../content/service'
import { operatorUserId } from '../operator/requestOperator'

import * as consoleService from './service'

/** The console's calls on travellers and content requests; each is an operator call (features/operator/plugin.ts). */
export const consoleRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const onRequest = fastify.requireOperator

  route(fastify, 'searchTravellers', { onRequest }, (request) => consoleService.searchTravellers(db, request.query.q))

  route(fastify, 'getTraveller', { onRequest }, (request) => consoleService.getTraveller(db, request.query.userId))

  route(fastify, 'adjustCredit', { onRequest }, (request) =>
    consoleService.adjustCredit(db, operatorUserId(request), request.body),
  )

  route(fastify, 'endSessions', { onRequest }, async (request) => {
    const { ended, endedSessions } = await consoleService.endSessions(
      db,
      operatorUserId(request),
      request.body.userId,
      request.body.reason,
    )
    // Logged out everywhere at once: every instance's cache forgets these sessions.
    for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
    return { ended }
  })

  route(fastify, 'sendPasswordReset', { onRequest }, async (request) => {
    await consoleService.sendPasswordReset(db, operatorUserId(request), request.body.userId, request.body.reason)
    fastify.mail?.nudge()
    return null
  })

  route(fastify, 'getContentRequests', { onRequest }, (request) => listContentRequests(db, request.query))

  route(fastify, 'replyToContentRequest', { onRequest }, (request) =>
    consoleService.replyToRequest(db, operatorUserId(request), request.body.requestId, request.body.reply),
  )

  route(fastify, 'markContentRequestDone', { onRequest }, (request) =>
    consoleService.markRequestDone(db, operatorUserId(request), request.body.requestId),
  )
}
