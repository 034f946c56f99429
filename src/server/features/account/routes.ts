import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { EXPORT_ESTIMATE_HEADER } from '@shared/account'
import { ACCOUNT_CHANGE_TEXTS } from '@shared/accountChange'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'
import { checkNewPassword } from '../session/passwordRules'

import {
  changePassword,
  checkCurrentPassword,
  checkUndoLink,
  confirmEmailChange,
  requestEmailChange,
  undoEmailChange,
} from './accountChange'
import { requestAccountDeletion } from './deletion'
import { getAvatarList, updateProfile } from './profile'
import * as accountService from './service'

export const accountRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, blobs } = fastify

  route(fastify, 'getAvatarList', { onRequest: fastify.requireUser }, (request) => getAvatarList(db, userId(request)))

  route(fastify, 'updateProfile', { onRequest: fastify.requireUser }, (request) =>
    inTransaction(db, (trx) => updateProfile(trx, userId(request), request.body)),
  )

  route(fastify, 'requestAccountDeletion', { onRequest: fastify.requireUser }, async (request) => {
    const { result, endedSessions } = await inTransaction(db, (trx) =>
      requestAccountDeletion(trx, userId(request), request.body),
    )
    // Logged out everywhere at once: every instance's session cache forgets these sessions (over Redis when set).
    for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
    // The mail saying when and how to cancel goes out now, not at the next delivery run.
    fastify.mail?.nudge()
    return result
  })

  // A ZIP made while it is sent (docs/export-format.md), so it is not the envelope; refusals before it starts are.
  route(
    fastify,
    'exportMyData',
    { onRequest: fastify.requireUser, compress: false, config: { rawResponse: true, limits: ['exportMyData'] } },
    async (request, reply) => {
      const archive = await accountService.exportAccount(db, blobs, fastify.artRenderer, userId(request))
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${archive.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header(EXPORT_ESTIMATE_HEADER, String(archive.estimatedBytes))
        .send(archive.stream)
    },
  )

  route(
    fastify,
    'changePassword',
    { onRequest: fastify.requireUser, config: { limits: ['currentPasswordCheck'] } },
    async (request) => {
      const user = { id: userId(request), tokenHash: request.user?.tokenHash ?? '' }
      const { currentPassword, newPassword } = request.body
      const checkedHash = await checkCurrentPassword(fastify.db, fastify.passwords, user.id, currentPassword)
      if (newPassword === currentPassword) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.samePassword)
      checkNewPassword(newPassword)
      const passwordHash = await fastify.passwords.hash(newPassword)
      const { endedSessions } = await inTransaction(fastify.db, (trx) =>
        changePassword(trx, {
          userId: user.id,
          keptTokenHash: user.tokenHash,
          checkedHash,
          passwordHash,
          tellByMail: fastify.mail !== null,
        }),
      )
      // The other sessions end on every instance at once; this one stays.
      for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
      fastify.mail?.nudge()
      return null
    },
  )

  route(
    fastify,
    'requestEmailChange',
    { onRequest: fastify.requireUser, config: { limits: ['currentPasswordCheck', 'emailChangeRequest'] } },
    async (request) => {
      if (!fastify.mail) throw new AppError('Unavailable', ACCOUNT_CHANGE_TEXTS.mailOff)
      const id = userId(request)
      const { password, newEmail } = request.body
      const checkedHash = await checkCurrentPassword(fastify.db, fastify.passwords, id, password)
      const result = await inTransaction(fastify.db, (trx) =>
        requestEmailChange(trx, { userId: id, checkedHash, newEmail }),
      )
      fastify.mail.nudge()
      return result
    },
  )

  // The link is the capability: it works in any browser, logged in or not (but not in another account's session).
  route(fastify, 'confirmEmailChange', { config: { limits: ['emailChangeLink'] } }, async (request) => {
    const result = await inTransaction(fastify.db, (trx) =>
      confirmEmailChange(trx, request.body.token, request.user?.id ?? null),
    )
    fastify.mail?.nudge()
    return result
  })

  route(fastify, 'undoEmailChange', { config: { limits: ['emailChangeLink'] } }, async (request) => {
    const { token, newPassword } = request.body
    await checkUndoLink(fastify.db, token)
    checkNewPassword(newPassword)
    const passwordHash = await fastify.passwords.hash(newPassword)
    const { result, endedSessions } = await inTransaction(fastify.db, (trx) =>
      undoEmailChange(trx, token, passwordHash),
    )
    // Logged out everywhere at once, whoever held a session.
    for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
    return result
  })
}
