import rateLimit from '@fastify/rate-limit'
import type { FastifyContextConfig } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`).
 * With REDIS_URL the counters are shared by every API instance.
 */
export const rateLimitPlugin = fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      global: false,
      ...(fastify.redis ? { redis: fastify.redis } : {}),
      nameSpace: 'wandercards-rl-',
      enableDraftSpec: true,
      skipOnError: true,
      // Keys may use the parsed body (login counts per e-mail), so limits are checked after parsing.
      hook: 'preHandler',
    })
  },
  { name: 'rate-limit', dependencies: ['redis'] },
)

/** Route option for a limit per client address, off when RATE_LIMITS=off (local load benchmarks). */
export function perClientLimit(enabled: boolean, max: number, timeWindow: string): FastifyContextConfig {
  return enabled ? { rateLimit: { max, timeWindow } } : {}
}
