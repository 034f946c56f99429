import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'kysely'
import { Type } from 'typebox'

import { APP_VERSION } from '@shared/constants'
import { envelope } from '@shared/envelope'

import { AppError } from '../../lib/errors'

/** For load balancers: answers 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    { schema: { response: { 200: envelope(Type.Object({ database: Type.Literal('ok'), version: Type.String() })) } } },
    async () => {
      try {
        await sql`select 1`.execute(fastify.db)
      } catch {
        throw new AppError('Unavailable', 'The database is not reachable.')
      }
      return { database: 'ok' as const, version: APP_VERSION }
    },
  )
}
