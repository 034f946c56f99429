import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { envelope } from '@shared/envelope'
import {
  AvatarListSchema,
  LoginBodySchema,
  LoginResultSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  UpdateProfileBodySchema,
  UpdateProfileResultSchema,
  UserSchema,
} from '@shared/session'

import { AppError, isUniqueViolation } from '../../lib/errors'
import { userId } from '../../plugins/auth'
import { perClientLimit } from '../../plugins/rateLimit'

import * as sessionService from './service'

export const sessionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { sessionTtlDays, rateLimits } = fastify.config

  fastify.post(
    '/register',
    { schema: { body: RegisterBodySchema, response: { 200: envelope(RegisterResultSchema) } }, config: perClientLimit(rateLimits, 20, '1 hour') },
    async (request) => {
      try {
        const result = await fastify.db.transaction().execute((trx) => sessionService.register(trx, request.body, sessionTtlDays))
        request.startedSession = true
        return result
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('Conflict', 'An account with this e-mail already exists. Please log in instead.')
        throw error
      }
    },
  )

  fastify.post(
    '/login',
    {
      schema: { body: LoginBodySchema, response: { 200: envelope(LoginResultSchema) } },
      // Counted per address and e-mail, so guessing one account's password is slowed without locking its owner out elsewhere.
      config: rateLimits
        ? { rateLimit: { max: 10, timeWindow: '10 minutes', keyGenerator: (req) => `${req.ip}:${String((req.body as { email?: string })?.email ?? '').toLowerCase()}` } }
        : {},
    },
    async (request) => {
      const result = await sessionService.login(fastify.db, request.body, sessionTtlDays)
      request.startedSession = true
      return result
    },
  )

  fastify.post('/logout', { schema: { response: { 200: envelope(Type.Null()) } } }, async (request) => {
    if (request.user) await sessionService.logout(fastify.db, request.user.tokenHash)
    request.user = null
    return null
  })

  fastify.get('/getUser', { schema: { response: { 200: envelope(UserSchema) } }, preHandler: fastify.requireUser }, (request) =>
    sessionService.getUser(fastify.db, userId(request)),
  )

  fastify.get('/getAvatarList', { schema: { response: { 200: envelope(AvatarListSchema) } }, preHandler: fastify.requireUser }, (request) =>
    sessionService.getAvatarList(fastify.db, userId(request)),
  )

  fastify.post(
    '/account/updateProfile',
    { schema: { body: UpdateProfileBodySchema, response: { 200: envelope(UpdateProfileResultSchema) } }, preHandler: fastify.requireUser },
    (request) => fastify.db.transaction().execute((trx) => sessionService.updateProfile(trx, userId(request), request.body)),
  )
}
