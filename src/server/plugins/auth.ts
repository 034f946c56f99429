import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import { CALL_ERROR_TEXTS } from '@shared/callErrorTexts'

import { now } from '../lib/clock'
import { AppError } from '../lib/errors'
import '../lib/requestUser'
import { hashToken } from '../lib/tokenHash'

import { redisInvalidationBus, SessionCache } from './sessionCache'

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyContextConfig {
    /** Reachable without X-Api-Key: images (loaded by <img>), the payment webhook, share pages. */
    skipApiKey?: boolean
  }
}

/** Reached by browsers' <img>, load balancers and the API docs, which send no X-Api-Key. */
const OPEN_PREFIXES = ['/api/docs', '/api/health', '/api/image/']

/** The live session stored under a token hash at `at` (an ISO time), as the session feature reads it. */
export type SessionLookup = (
  tokenHash: string,
  at: string,
) => Promise<{ user_id: string; expires_at: string } | undefined>

/**
 * X-Api-Key identifies the client app; X-Auth-Key carries the session token.
 * The user is resolved here, with the session lookup app.ts hands over; routes that need one add
 * `onRequest: fastify.requireUser` and read it with `userId(request)` (lib/requestUser.ts).
 */
export const authPlugin = fp<{ findSession: SessionLookup }>(
  async (fastify, { findSession }) => {
    const apiKeys = new Set(fastify.config.apiKeys)
    fastify.decorateRequest('user', null)
    fastify.decorateRequest('staleToken', false)
    fastify.decorateRequest('startedSession', false)
    // With Redis, a logout on one instance reaches every instance's cache; alone, the in-process bus is enough.
    const bus = fastify.redis
      ? await redisInvalidationBus(fastify.redis, (error) =>
          fastify.log.warn({ err: error }, 'session invalidation via Redis failed'),
        )
      : undefined
    if (bus) fastify.addHook('onClose', () => bus.close())
    const sessions = new SessionCache(fastify.config.sessionCacheSeconds * 1000, bus)
    fastify.decorate('sessionCache', sessions)

    /** The live session of a token hash as the sessions table has it, kept in the cache for the next calls. */
    async function findStoredSession(tokenHash: string, nowMs: number) {
      const row = await findSession(tokenHash, new Date(nowMs).toISOString())
      if (!row) return undefined
      const session = { userId: row.user_id, expiresAtMs: Date.parse(row.expires_at) }
      sessions.set(tokenHash, session, nowMs)
      return session
    }

    /** The token hash the call is signed with; null for a visitor's call or one the api key does not cover. */
    function callerToken(request: FastifyRequest): string | null {
      if (!request.url.startsWith('/api') || request.routeOptions.config.skipApiKey) return null
      if (OPEN_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return null
      const apiKey = request.headers['x-api-key']
      if (typeof apiKey !== 'string' || !apiKeys.has(apiKey)) {
        throw new AppError('BadRequest', 'Unknown client: a valid X-Api-Key header is required.')
      }
      const token = request.headers['x-auth-key']
      if (typeof token !== 'string' || token === '' || token === 'null' || token === 'undefined') return null
      return hashToken(token)
    }

    function signIn(request: FastifyRequest, tokenHash: string, session: { userId: string } | undefined) {
      if (session) request.user = { id: session.userId, tokenHash }
      else request.staleToken = true
    }

    // A callback hook: with the session in the cache, a signed-in call is recognised without a promise or a query.
    fastify.addHook('onRequest', (request, _reply, done) => {
      let tokenHash: string | null
      try {
        tokenHash = callerToken(request)
      } catch (error) {
        done(error as AppError)
        return
      }
      const nowMs = now().getTime()
      const cached = tokenHash === null ? undefined : sessions.get(tokenHash, nowMs)
      if (tokenHash === null || cached) {
        if (tokenHash !== null) signIn(request, tokenHash, cached)
        done()
        return
      }
      findStoredSession(tokenHash, nowMs).then(
        (session) => {
          signIn(request, tokenHash, session)
          done()
        },
        (error: unknown) => {
          done(error instanceof Error ? error : new Error(String(error)))
        },
      )
    })

    const requireUser = async (request: FastifyRequest) => {
      if (request.user) return
      if (request.staleToken) throw new AppError('Unauthorized', 'Your session has expired. Please log in again.')
      throw new AppError('LoginRequired', CALL_ERROR_TEXTS.loginToPerform)
    }
    fastify.decorate('requireUser', requireUser)

    const hasRequireUser = (handlers: unknown) =>
      handlers === requireUser || (Array.isArray(handlers) && handlers.includes(requireUser))
    fastify.addHook('onRoute', (route) => {
      // In a later hook the login check would run after parsing and validation: refuse such a route at start-up.
      for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
        if (hasRequireUser(route[hook])) {
          throw new Error(`${String(route.method)} ${route.url}: requireUser belongs in onRequest, not ${hook}`)
        }
      }
      // The OpenAPI document says which calls need the session as well as the api key.
      if (hasRequireUser(route.onRequest)) route.schema = { ...route.schema, security: [{ apiKey: [], authKey: [] }] }
    })
  },
  { name: 'auth', dependencies: ['db', 'envelope', 'redis'] },
)
