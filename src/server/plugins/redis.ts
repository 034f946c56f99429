import fp from 'fastify-plugin'
import Redis from 'ioredis'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set, else null. */
    redis: Redis | null
  }
}

/** One Redis connection per instance, shared by the plugins that need it and closed with the server. */
export const redisPlugin = fp(
  async (fastify) => {
    const redis = fastify.config.redisUrl
      ? new Redis(fastify.config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
      : null
    // Without a listener a lost connection would end the process; ioredis reconnects by itself.
    redis?.on('error', (error: Error) => fastify.log.warn({ err: error }, 'redis connection error'))
    fastify.decorate('redis', redis)
    if (redis) {
      fastify.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect())
      })
    }
  },
  { name: 'redis', dependencies: ['db'] },
)
