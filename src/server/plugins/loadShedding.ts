import underPressure from '@fastify/under-pressure'
import fp from 'fastify-plugin'

import { AppError } from '../lib/errors'

/** Seconds a shed client is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 10

/** How often the event loop delay is sampled; the first samples after start-up measure start-up work, not load. */
const SAMPLE_INTERVAL_MS = 1000

/** Liveness must answer even when the instance is too busy for work, or an orchestrator would restart a busy server. */
const NEVER_SHED = new Set(['/api/health'])

/**
 * Only calls are refused. The web app's files cost next to nothing to send, and a page refused one of its scripts
 * after it got the first goes blank; share pages are a single read for a link preview.
 */
function isShed(url: string): boolean {
  const pathname = url.split('?')[0] ?? ''
  return pathname.startsWith('/api/') && !NEVER_SHED.has(pathname)
}

/**
 * Under event-loop pressure (and above the heap limit when one is set), new calls are refused at once with 503
 * in the envelope, so an overloaded instance answers quickly instead of timing out every caller; readiness answers
 * 503 too, so a load balancer sends traffic elsewhere meanwhile.
 */
export const loadSheddingPlugin = fp(
  async (fastify) => {
    const { maxEventLoopDelayMs, maxHeapUsedBytes } = fastify.config.loadShedding
    if (maxEventLoopDelayMs <= 0 && maxHeapUsedBytes <= 0) return
    let sheddingFrom = Infinity
    fastify.addHook('onReady', async () => {
      sheddingFrom = Date.now() + 2 * SAMPLE_INTERVAL_MS
    })
    await fastify.register(underPressure, {
      sampleInterval: SAMPLE_INTERVAL_MS,
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes,
      retryAfter: RETRY_AFTER_SECONDS,
      pressureHandler: async (request, reply) => {
        if (Date.now() < sheddingFrom || !isShed(request.url)) return
        request.log.warn('load shed: the server is under pressure')
        void reply.header('Retry-After', RETRY_AFTER_SECONDS)
        throw new AppError('Unavailable', 'The server is busy. Please try again in a moment.')
      },
    })
  },
  { name: 'load-shedding', dependencies: ['db'] },
)
