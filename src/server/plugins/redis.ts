import { SpanKind } from '@opentelemetry/api'
import fp from 'fastify-plugin'
import Redis, { type RedisOptions } from 'ioredis'

import { markFailed, tracer } from '../lib/tracing'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set, else null. */
    redis: Redis | null
  }
}

/**
 * How the app talks to Redis: it fails fast while Redis is down rather than making each request wait for it.
 * - No offline queue: a command while the connection is down fails at once, instead of waiting for reconnection
 *   attempts (requests waited 2 to 10 s for them).
 * - Each command is answered within `commandTimeout`, so a Redis that accepts connections and never answers costs a
 *   request half a second, not for ever; the rate limits' breaker (plugins/rateLimit.ts) then stops asking for a moment.
 * - Reconnection is tried at least once a second, so the counters are back within about a second of Redis.
 */
export const REDIS_OPTIONS = {
  connectTimeout: 2000,
  commandTimeout: 500,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempt: number) => Math.min(attempt * 50, 1000),
} as const satisfies RedisOptions

/** Resolves once the first connection is made or has failed (at most `connectTimeout`), whichever comes first. */
function firstConnection(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      redis.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, REDIS_OPTIONS.connectTimeout)
    redis.once('ready', done)
    redis.once('error', done)
  })
}

/**
 * Each command becomes a client span of the active trace (TRACING), named by the command alone: its keys and
 * arguments hold addresses and e-mails (rate-limit counters), which a trace must not carry.
 */
function traceCommands(redis: Redis): void {
  const send = redis.sendCommand.bind(redis)
  redis.sendCommand = (command, stream) => {
    const span = tracer().startSpan(`redis ${command.name}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name },
    })
    command.promise.then(
      () => span.end(),
      (error: unknown) => {
        markFailed(span, error)
        span.end()
      },
    )
    return send(command, stream)
  }
}

/** One Redis connection per instance, shared by the plugins that need it and closed with the server. */
export const redisPlugin = fp(
  async (fastify) => {
    const redis = fastify.config.redisUrl ? new Redis(fastify.config.redisUrl, REDIS_OPTIONS) : null
    if (redis && fastify.config.tracing) traceCommands(redis)
    // Without a listener a lost connection would end the process; ioredis reconnects by itself.
    redis?.on('error', (error: Error) => fastify.log.warn({ err: error }, 'redis connection error'))
    fastify.decorate('redis', redis)
    if (redis) {
      // Without an offline queue, calls made before the first connection would fail: start with it when Redis is up.
      await firstConnection(redis)
      fastify.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect())
      })
    }
  },
  { name: 'redis', dependencies: ['db'] },
)
