import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Counter } from 'prom-client'

import { route } from '../../lib/calls'

import { clientErrorLogFields } from './service'

/**
 * Crashes of the web app (docs/architecture.md#client-errors): logged at warn level with the report alone, and counted
 * in `client_errors_total` by kind. Not by route or release, which the client writes: a label any caller chooses
 * would let it grow the series without bound. No session is needed (a crash may come before login), only the API key.
 */
export const clientErrorsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const reported = new Counter({
    name: 'client_errors_total',
    help: 'Crashes the web app reported, by kind: uncaught (the app is gone) or caught by an error boundary.',
    labelNames: ['kind'] as const,
    registers: [fastify.metrics.registry],
  })

  route(fastify, 'reportClientError', { config: { limits: ['clientError'] } }, (request) => {
    const clientError = clientErrorLogFields(request.body)
    reported.inc({ kind: clientError.kind })
    request.log.warn({ clientError }, 'client error')
    return null
  })
}
