import crypto from 'node:crypto'

import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import { TEXTS } from '@shared/texts'

import { nowIso } from '../lib/clock'
import { AppError } from '../lib/errors'

export interface SessionUser {
  id: string
  tokenHash: string
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
    /** A token was sent but is unknown, expired or revoked. */
    staleToken: boolean
    /** Registration or login made a session in this request: the answer is authorized. */
    startedSession: boolean
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyContextConfig {
    /** Reachable without X-Api-Key: images (loaded by <img>), the payment webhook, share pages. */
    skipApiKey?: boolean
  }
}

/** Reached by browsers' <img>, load balancers and the API docs, which send no X-Api-Key. */
const OPEN_PREFIXES = ['/api/docs', '/api/health', '/api/image/']

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/**
 * X-Api-Key identifies the client app; X-Auth-Key carries the session token.
 * The user is resolved here; routes that need one add `onRequest: fastify.requireUser`.
 */
export const authPlugin = fp(
  async (fastify) => {
    const apiKeys = new Set(fastify.config.apiKeys)
    fastify.decorateRequest('user', null)
    fastify.decorateRequest('staleToken', false)
    fastify.decorateRequest('startedSession', false)

    fastify.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api') || request.routeOptions.config.skipApiKey) return
      if (OPEN_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return
      const apiKey = request.headers['x-api-key']
      if (typeof apiKey !== 'string' || !apiKeys.has(apiKey)) {
        throw new AppError('BadRequest', 'Unknown client: a valid X-Api-Key header is required.')
      }
      const token = request.headers['x-auth-key']
      if (typeof token !== 'string' || token === '' || token === 'null' || token === 'undefined') return
      const session = await fastify.db
        .selectFrom('sessions')
        .select(['user_id', 'token_hash'])
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst()
      if (session) request.user = { id: session.user_id, tokenHash: session.token_hash }
      else request.staleToken = true
    })

    const requireUser = async (request: FastifyRequest) => {
      if (request.user) return
      if (request.staleToken) throw new AppError('Unauthorized', 'Your session has expired. Please log in again.')
      throw new AppError('LoginRequired', TEXTS.loginToPerform)
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
  { name: 'auth', dependencies: ['db', 'envelope'] },
)

/** The signed-in user of a route guarded by requireUser. */
export function userId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('LoginRequired', TEXTS.loginToPerform)
  return request.user.id
}
