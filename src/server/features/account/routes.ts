import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import {
  EXPORT_ESTIMATE_HEADER,
  RequestAccountDeletionBodySchema,
  RequestAccountDeletionResultSchema,
} from '@shared/account'
import { envelope } from '@shared/envelope'
import { AvatarListSchema, UpdateProfileBodySchema, UpdateProfileResultSchema } from '@shared/session'

import { inTransaction } from '../../db/transactions'
import { userId } from '../../lib/requestUser'

import { requestAccountDeletion } from './deletion'
import { getAvatarList, updateProfile } from './profile'
import * as accountService from './service'

export const accountRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, blobs } = fastify

  fastify.get(
    '/getAvatarList',
    { schema: { response: { 200: envelope(AvatarListSchema) } }, onRequest: fastify.requireUser },
    (request) => getAvatarList(db, userId(request)),
  )

  fastify.post(
    '/account/updateProfile',
    {
      schema: { body: UpdateProfileBodySchema, response: { 200: envelope(UpdateProfileResultSchema) } },
      onRequest: fastify.requireUser,
    },
    (request) => inTransaction(db, (trx) => updateProfile(trx, userId(request), request.body)),
  )

  fastify.post(
    '/account/requestDeletion',
    {
      onRequest: fastify.requireUser,
      schema: {
        body: RequestAccountDeletionBodySchema,
        response: { 200: envelope(RequestAccountDeletionResultSchema) },
      },
    },
    async (request) => {
      const { result, endedSessions } = await inTransaction(db, (trx) =>
        requestAccountDeletion(trx, userId(request), request.body),
      )
      // Logged out everywhere at once: every instance's session cache forgets these sessions (over Redis when set).
      for (const tokenHash of endedSessions) fastify.sessionCache.invalidate(tokenHash)
      // The mail saying when and how to cancel goes out now, not at the next delivery run.
      fastify.mail?.nudge()
      return result
    },
  )

  // A ZIP made while it is sent (docs/export-format.md), so it is not the envelope; refusals before it starts are.
  fastify.get(
    '/account/exportMyData',
    {
      onRequest: fastify.requireUser,
      compress: false,
      config: { rawResponse: true, limits: ['exportMyData'] },
      schema: {
        description: `The traveller's data as a ZIP (application/zip); the ${EXPORT_ESTIMATE_HEADER} header says about how many bytes it holds.`,
      },
    },
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
