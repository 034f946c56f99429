import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import {
  AdjustCreditBodySchema,
  AdjustCreditResultSchema,
  ConsoleContentRequestSchema,
  ContentRequestPageSchema,
  EndSessionsResultSchema,
  ListContentRequestsQuerySchema,
  MarkContentRequestDoneBodySchema,
  ReplyToContentRequestBodySchema,
  SearchTravellersQuerySchema,
  TravellerActionBodySchema,
  TravellerDetailSchema,
  TravellerMatchSchema,
  TravellerQuerySchema,
} from '@shared/console'
import { envelope } from '@shared/envelope'

import { listContentRequests } from '../content/service'
import { operatorUserId } from '../operator/requestOperator'

import * as consoleService from './service'

/** The console's calls on travellers and content requests; each is an operator call (features/operator/plugin.ts). */
export const consoleRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const onRequest = fastify.requireOperator

  fastify.get(
    '/operator/travellers/search',
    {
      onRequest,
      schema: {
        querystring: SearchTravellersQuerySchema,
        response: { 200: envelope(Type.Array(TravellerMatchSchema)) },
      },
    },
    (request) => consoleService.searchTravellers(db, request.query.q),
  )

  fastify.get(
    '/operator/travellers/traveller',
    { onRequest, schema: { querystring: TravellerQuerySchema, response: { 200: envelope(TravellerDetailSchema) } } },
    (request) => consoleService.getTraveller(db, request.query.userId),
  )

  fastify.post(
    '/operator/travellers/adjustCredit',
    { onRequest, schema: { body: AdjustCreditBodySchema, response: { 200: envelope(AdjustCreditResultSchema) } } },
    (request) => consoleService.adjustCredit(db, operatorUserId(request), request.body),
  )

  fastify.post(
    '/operator/travellers/endSessions',
    { onRequest, schema: { body: TravellerActionBodySchema, response: { 200: envelope(EndSessionsResultSchema) } } },
    async (request) => {
      const { ended, endedSessions } = await consoleService.endSessions(
        db,
        operatorUserId(request),
        request.body.userId,
        request.body.reason,
      )
      // Logged out everywhere at once: every instance's cache forgets these sessions.
      for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
      return { ended }
    },
  )

  fastify.post(
    '/operator/travellers/sendPasswordReset',
    { onRequest, schema: { body: TravellerActionBodySchema, response: { 200: envelope(Type.Null()) } } },
    async (request) => {
      await consoleService.sendPasswordReset(db, operatorUserId(request), request.body.userId, request.body.reason)
      fastify.mail?.nudge()
      return null
    },
  )

  fastify.get(
    '/operator/contentRequests',
    {
      onRequest,
      schema: { querystring: ListContentRequestsQuerySchema, response: { 200: envelope(ContentRequestPageSchema) } },
    },
    (request) => listContentRequests(db, request.query),
  )

  fastify.post(
    '/operator/contentRequests/reply',
    {
      onRequest,
      schema: { body: ReplyToContentRequestBodySchema, response: { 200: envelope(ConsoleContentRequestSchema) } },
    },
    (request) => consoleService.replyToRequest(db, operatorUserId(request), request.body.requestId, request.body.reply),
  )

  fastify.post(
    '/operator/contentRequests/markDone',
    {
      onRequest,
      schema: { body: MarkContentRequestDoneBodySchema, response: { 200: envelope(ConsoleContentRequestSchema) } },
    },
    (request) => consoleService.markRequestDone(db, operatorUserId(request), request.body.requestId),
  )
}
