import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'

import { CONSOLE_TEXTS } from '@shared/consoleTexts'

import { AppError } from '../../lib/errors'
import { sendNotFoundEnvelope } from '../../plugins/envelope'

import './requestOperator'
import { operatorOfSession } from './service'

/** Every operator call's path starts with this (under /api). */
export const OPERATOR_PREFIX = '/api/operator/'

/** One operator call, as the app registered it: the authorization matrix test goes through each. */
export interface OperatorCall {
  method: string
  url: string
  /** False only for the second factor's own calls, which an operator makes before passing it. */
  needsSecondFactor: boolean
  /** The route's query string and body schemas (JSON Schema), for the tests that send it hostile input. */
  querystring: unknown
  body: unknown
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of every operator call: an operator's session that passed the second factor, or "no such call". */
    requireOperator: Guard
    /** onRequest hook of the second factor's own calls: an operator's session, passed or not, or "no such call". */
    requireOperatorSession: Guard
    /** Every operator call registered, in order. */
    operatorCalls: OperatorCall[]
  }
}

/**
 * The operator role at the door (docs/security.md#operators). A caller who is not an operator — a visitor, a
 * traveller, an expired or unknown session — gets exactly what an unknown route answers, so the calls cannot even be
 * found by trying. An operator whose session has not passed the second factor is told so (SecondFactorRequired) on
 * every call but the second factor's own. Every route under /api/operator/ must put one of the two hooks first in its
 * onRequest, or the app refuses to start; those routes are left out of the OpenAPI document.
 */
export const operatorPlugin = fp(
  async (fastify) => {
    fastify.decorateRequest('operator', null)
    const calls: OperatorCall[] = []
    fastify.decorate('operatorCalls', calls)

    const guard =
      (needsSecondFactor: boolean): Guard =>
      async (request, reply) => {
        const operator = request.user ? await operatorOfSession(fastify.db, request.user.tokenHash) : undefined
        if (!operator) return sendNotFoundEnvelope(request, reply)
        request.operator = operator
        if (needsSecondFactor && !operator.verified)
          throw new AppError('SecondFactorRequired', CONSOLE_TEXTS.secondFactorRequired)
        return undefined
      }
    const requireOperator = guard(true)
    const requireOperatorSession = guard(false)
    fastify.decorate('requireOperator', requireOperator)
    fastify.decorate('requireOperatorSession', requireOperatorSession)

    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith(OPERATOR_PREFIX)) return
      const hooks = route.onRequest
      const first = (Array.isArray(hooks) ? hooks[0] : hooks) as onRequestAsyncHookHandler | undefined
      if (first !== requireOperator && first !== requireOperatorSession) {
        throw new Error(
          `${String(route.method)} ${route.url}: an operator call's first onRequest hook is fastify.requireOperator`,
        )
      }
      // Travellers are answered as if the call did not exist; the public document does not list it either.
      route.schema = { ...route.schema, hide: true }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          calls.push({
            method,
            url: route.url,
            needsSecondFactor: first === requireOperator,
            querystring: route.schema.querystring ?? null,
            body: route.schema.body ?? null,
          })
      }
    })
  },
  { name: 'operator', dependencies: ['auth', 'envelope', 'db'] },
)
