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

import { inTransaction } from '../../db/transactions'
import { userId } from '../../plugins/auth'

import { PasswordHashing } from './passwords'
import * as sessionService from './service'

export const sessionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { sessionTtlDays, passwordHashing } = fastify.config
  const passwords = new PasswordHashing(passwordHashing.concurrency, passwordHashing.queue)

  fastify.post(
    '/register',
    {
      schema: { body: RegisterBodySchema, response: { 200: envelope(RegisterResultSchema) } },
      config: { limits: ['register', 'registerDaily'] },
    },
    async (request) => {
      // Hashing is slow on purpose; done before the transaction, it holds no database lock.
      const passwordHash = await passwords.hash(request.body.password)
      const result = await inTransaction(fastify.db, (trx) =>
        sessionService.register(trx, request.body, passwordHash, sessionTtlDays),
      )
      request.startedSession = true
      return result
    },
  )

  fastify.post(
    '/login',
    {
      schema: { body: LoginBodySchema, response: { 200: envelope(LoginResultSchema) } },
      config: { limits: ['loginPerAccount', 'loginPerAddress'] },
    },
    async (request) => {
      const result = await sessionService.login(fastify.db, passwords, request.body, sessionTtlDays)
      request.startedSession = true
      return result
    },
  )

  fastify.post('/logout', { schema: { response: { 200: envelope(Type.Null()) } } }, async (request) => {
    if (request.user) {
      await sessionService.logout(fastify.db, request.user.tokenHash)
      fastify.sessionCache.invalidate(request.user.tokenHash)
    }
    request.user = null
    return null
  })

  fastify.get(
    '/getUser',
    { schema: { response: { 200: envelope(UserSchema) } }, onRequest: fastify.requireUser },
    (request) => sessionService.getUser(fastify.db, userId(request)),
  )

  fastify.get(
    '/getAvatarList',
    { schema: { response: { 200: envelope(AvatarListSchema) } }, onRequest: fastify.requireUser },
    (request) => sessionService.getAvatarList(fastify.db, userId(request)),
  )

  fastify.post(
    '/account/updateProfile',
    {
      schema: { body: UpdateProfileBodySchema, response: { 200: envelope(UpdateProfileResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => inTransaction(fastify.db, (trx) => sessionService.updateProfile(trx, userId(request), request.body)),
  )
}
