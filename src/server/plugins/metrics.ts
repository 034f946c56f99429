import crypto from 'node:crypto'

import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

import type { PoolStats } from '../db/createDb'

export interface Metrics {
  registry: Registry
  /** Periodic work: one count per run, by job and outcome (ok or failed). */
  jobRuns: Counter<'job' | 'outcome'>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

/** Routes are labelled by their pattern, never the raw URL, so ids and query strings cannot explode the series. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

/** The error code of an envelope refusal, read from the answer about to be sent. */
function envelopeErrorCode(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{"metadata"')) return null
  try {
    const parsed = JSON.parse(payload) as { metadata?: { errorCode?: unknown } }
    return typeof parsed.metadata?.errorCode === 'string' ? parsed.metadata.errorCode : null
  } catch {
    return null
  }
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? ''
  const sent = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '')
  const expected = Buffer.from(token)
  return sent.length === expected.length && crypto.timingSafeEqual(sent, expected)
}

/**
 * Prometheus metrics: requests and latency per route, refusals by error code, the database pool, the process, and
 * whatever features add to `fastify.metrics.registry` (job runs, credit). Collected always (a registry per app, so
 * tests can build several); published at GET /metrics only when METRICS_TOKEN is set, to callers sending it as a
 * bearer token.
 */
export const metricsPlugin = fp<{ poolStats?: () => PoolStats | null }>(
  async (fastify, { poolStats }) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    })
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
    const errors = new Counter({
      name: 'api_errors_total',
      help: 'Refusals and failures answered in the envelope, by error code.',
      labelNames: ['code'] as const,
      registers: [registry],
    })
    const jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Runs of periodic and background jobs, by job and outcome (ok or failed).',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    })
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (open, idle) and queries waiting for one; absent on SQLite.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats?.()
        if (!stats) return
        this.set({ state: 'open' }, stats.total)
        this.set({ state: 'idle' }, stats.idle)
        this.set({ state: 'waiting' }, stats.waiting)
      },
    })

    fastify.decorate('metrics', { registry, jobRuns })

    // Callback hooks rather than async ones: they run on every request, and a promise per hook adds up.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode >= 400) {
        const code = envelopeErrorCode(payload)
        if (code) errors.inc({ code })
      }
      done(null, payload)
    })
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const labels = { method: request.method, route: routeLabel(request) }
      requests.inc({ ...labels, status_code: String(reply.statusCode) })
      latency.observe(labels, reply.elapsedTime / 1000)
      done()
    })

    const token = fastify.config.metricsToken
    if (token) {
      fastify.get('/metrics', { config: { rawResponse: true, quietLog: true } }, async (request, reply) => {
        if (!tokenMatches(request, token)) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized\n')
        }
        return reply.type(registry.contentType).send(await registry.metrics())
      })
    }
  },
  { name: 'metrics', dependencies: ['db'] },
)
