import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { APP_VERSION } from '@shared/constants'
import { envelope } from '@shared/envelope'

import { AppError } from '../../lib/errors'

import { pingDatabase } from './queries'

/** A dependency that does not answer within this time counts as down: a readiness probe must not hang. */
const CHECK_TIMEOUT_MS = 2000

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Liveness (`/health`): the process serves requests; nothing else is checked, so an orchestrator restarts only an
 * instance that is truly stuck. Readiness (`/health/ready`): every dependency a request needs answers — the database,
 * Redis when configured, and the blob store's folder accepts writes — so a load balancer sends traffic only here.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    {
      config: { quietLog: true },
      schema: { response: { 200: envelope(Type.Object({ status: Type.Literal('ok'), version: Type.String() })) } },
    },
    () => ({ status: 'ok' as const, version: APP_VERSION }),
  )

  const { redis } = fastify
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => pingDatabase(fastify.db),
    ...(redis ? { redis: () => redis.ping() } : {}),
    // The local folder accepts writes, or the S3 bucket answers.
    storage: () => fastify.blobs.check(),
  }
  const names = { database: 'the database', redis: 'Redis', storage: 'the blob store' } as Record<string, string>

  fastify.get(
    '/health/ready',
    {
      config: { quietLog: true },
      schema: {
        response: {
          200: envelope(
            Type.Object({
              database: Type.Literal('ok'),
              redis: Type.Union([Type.Literal('ok'), Type.Literal('off')]),
              storage: Type.Literal('ok'),
              version: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const results = await Promise.allSettled(
        Object.entries(checks).map(([name, check]) => withTimeout(check(), name)),
      )
      const failed = Object.keys(checks).filter((_, index) => results[index]?.status === 'rejected')
      if (failed.length > 0) {
        request.log.warn(
          {
            failed,
            errors: results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
          },
          'not ready',
        )
        throw new AppError('Unavailable', `Not ready: ${failed.map((name) => names[name]).join(', ')} not reachable.`)
      }
      return {
        database: 'ok' as const,
        redis: redis ? ('ok' as const) : ('off' as const),
        storage: 'ok' as const,
        version: APP_VERSION,
      }
    },
  )
}
