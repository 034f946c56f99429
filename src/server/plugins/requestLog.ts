import type { IncomingMessage } from 'node:http'

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called so often (polls, probes) that its request lines are logged at debug, not info. */
    quietLog?: boolean
  }
}

const isQuiet = (request: FastifyRequest) => request.routeOptions.config.quietLog === true

/** Fastify's request lines ("incoming request", "request completed"), at debug level for quiet routes. */
export class QuietRoutesLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isQuiet(request)) request.log.debug({ req: request }, 'incoming request')
    else super.incomingRequest(request, reply)
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && isQuiet(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    else super.requestCompleted(error, request, reply)
  }
}

/** A request id set by the load balancer or proxy in front is kept, so its logs and ours can be joined. */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

export function requestId(request: IncomingMessage): string {
  const forwarded = request.headers['x-request-id']
  return typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : crypto.randomUUID()
}

/** Every answer names its request id, the key to its log lines (`reqId`). */
export const requestIdHeaderPlugin = fp(
  async (fastify) => {
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.header('X-Request-Id', request.id)
      done()
    })
  },
  { name: 'request-id-header' },
)

/** Query parameters whose values are secrets (an unsubscribe link's token): no log line holds them. */
const SECRET_QUERY_VALUES = /([?&]token=)[^&#]*/gi

/** A request as its log lines show it: Fastify's own fields, with secret query values left out. */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY_VALUES, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  }
}
