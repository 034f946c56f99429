import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { EXPORT_ESTIMATE_HEADER } from '@shared/account'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

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
}
