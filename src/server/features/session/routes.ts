import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'
import { PASSWORD_RESET_TEXTS, REGISTRATION_PASSWORD_TEXTS } from '@shared/session'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'

import { resendEmailVerification, verifyEmail } from './emailVerification'
import { checkResetLink, requestPasswordReset, resetPassword } from './passwordReset'
import { checkNewPassword } from './passwordRules'
import * as sessionService from './service'

export const sessionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { sessionTtlDays } = fastify.config
  const { passwords } = fastify

  route(fastify, 'register', { config: { limits: ['register', 'registerDaily'] } }, async (request) => {
    checkNewPassword(request.body.password, REGISTRATION_PASSWORD_TEXTS)
    // Hashing is slow on purpose; done before the transaction, it holds no database lock.
    const passwordHash = await passwords.hash(request.body.password)
    const result = await inTransaction(fastify.db, (trx) =>
      sessionService.register(trx, request.body, passwordHash, { sessionTtlDays, mailOn: fastify.mail !== null }),
    )
    fastify.mail?.nudge()
    request.startedSession = true
    return result
  })

  route(fastify, 'login', { config: { limits: ['loginPerAccount', 'loginPerAddress'] } }, async (request) => {
    const result = await sessionService.login(fastify.db, passwords, request.body, sessionTtlDays)
    request.startedSession = true
    return result
  })

  // The same answer, at once, whether or not the address has an account: the look-up, the link and its e-mail come
  // after the answer has gone out (docs/security.md#password-reset).
  route(
    fastify,
    'requestPasswordReset',
    {
      config: { limits: ['passwordResetPerAddress', 'passwordResetPerEmail'] },
      onResponse: (request, reply, done) => {
        const { email } = request.body
        if (reply.statusCode === 200) {
          fastify.background.run('password reset request', async () => {
            if (await requestPasswordReset(fastify.db, email)) fastify.mail?.nudge()
          })
        }
        done()
      },
    },
    async () => {
      if (!fastify.mail) throw new AppError('Unavailable', PASSWORD_RESET_TEXTS.mailOff)
      return null
    },
  )

  route(fastify, 'resetPassword', { config: { limits: ['resetPassword'] } }, async (request) => {
    const { token, newPassword } = request.body
    await checkResetLink(fastify.db, token, request.user?.id ?? null)
    checkNewPassword(newPassword)
    const passwordHash = await passwords.hash(newPassword)
    const { result, endedSessions } = await inTransaction(fastify.db, (trx) =>
      resetPassword(trx, token, passwordHash, sessionTtlDays),
    )
    // Logged out everywhere at once, as a deletion request does: every instance's cache forgets these sessions.
    for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
    request.startedSession = true
    return result
  })

  // Open to visitors: the link is often opened on another device than the one that signed up.
  route(fastify, 'verifyEmail', { config: { limits: ['verifyEmail'] } }, (request) =>
    inTransaction(fastify.db, (trx) => verifyEmail(trx, request.body.token, request.user?.id ?? null)),
  )

  route(
    fastify,
    'resendVerificationEmail',
    {
      onRequest: fastify.requireUser,
      config: { limits: ['verificationResendPerAccount', 'verificationResendPerAddress'] },
    },
    async (request) => {
      if (!fastify.mail) throw new AppError('Unavailable', EMAIL_VERIFICATION_TEXTS.mailOff)
      const result = await inTransaction(fastify.db, (trx) => resendEmailVerification(trx, userId(request)))
      fastify.mail.nudge()
      return result
    },
  )

  route(fastify, 'logout', {}, async (request) => {
    if (request.user) {
      await sessionService.logout(fastify.db, request.user.tokenHash)
      fastify.sessionCache.invalidate(request.user.tokenHash)
    }
    request.user = null
    return null
  })

  route(fastify, 'getUser', { onRequest: fastify.requireUser }, (request) =>
    sessionService.getUser(fastify.db, userId(request)),
  )
}
