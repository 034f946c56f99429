import type { IncomingMessage } from 'node:http'

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import { ERROR_CODES, type Envelope, type ErrorCode } from '@shared/envelope'

import { badInputRefusal, unavailableRefusal } from '../lib/databaseErrors'
import { AppError } from '../lib/errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with something other than the JSON envelope (images, HTML, webhooks). */
    rawResponse?: boolean
  }
}

export function errorEnvelope(request: FastifyRequest, code: ErrorCode, message: string): Envelope<null> {
  return {
    metadata: {
      status: false,
      errorCode: code,
      message,
      authorized: request.user != null,
      ...(ERROR_CODES[code] >= 500 ? { requestId: request.id } : {}),
    },
    data: null,
  }
}

/** What a body over the size limit is told, by the app and by the balancer in front of it (deploy/nginx). */
export const BODY_TOO_LARGE = 'The upload is too large.'

/** The refusal of a body over the size limit, for a balancer to answer with when it refuses one itself. */
export function bodyTooLargeEnvelope(): Envelope<null> {
  return {
    metadata: { status: false, errorCode: 'BadRequest', message: BODY_TOO_LARGE, authorized: false },
    data: null,
  }
}

/**
 * A refusal that closes the connection (a body over the limit) waits until the client has sent the rest of the body,
 * up to this much and this long. A proxy sends the whole body before it reads the answer: closing while it still sends
 * breaks its write, and it answers its own 502 page instead of the refusal.
 */
const REFUSED_BODY_DRAIN = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 }

function drainBody(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (
      raw.complete ||
      raw.readableEnded ||
      raw.destroyed ||
      Number(raw.headers['content-length']) > REFUSED_BODY_DRAIN.maxBytes
    ) {
      resolve()
      return
    }
    let received = 0
    const done = () => {
      clearTimeout(timer)
      raw.off('data', onData)
      raw.off('end', done)
      raw.off('close', done)
      raw.off('error', done)
      resolve()
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > REFUSED_BODY_DRAIN.maxBytes) done()
    }
    const timer = setTimeout(done, REFUSED_BODY_DRAIN.maxMs)
    raw.on('data', onData)
    raw.once('end', done)
    raw.once('close', done)
    raw.once('error', done)
    raw.resume()
  })
}

function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, message: string) {
  return reply
    .status(ERROR_CODES[code])
    .type('application/json')
    .send(JSON.stringify(errorEnvelope(request, code, message)))
}

/** Fastify's validation messages name the part and the field ("body/email must match pattern"); make them read as sentences. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0]
  if (!first) return error.message
  const context = error.validationContext ?? 'request'
  const field =
    first.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
    (first.params as { missingProperty?: string }).missingProperty ||
    context
  const detail = first.keyword === 'pattern' ? 'is not in a valid format' : first.message
  return `Invalid ${field}: ${field} ${detail}.`
}

/**
 * Every answer under /api is the envelope (docs/architecture.md#envelope): successful data is wrapped here,
 * refusals and failures are mapped to a status and a message in one place.
 */
export const envelopePlugin = fp(
  async (fastify: FastifyInstance) => {
    // A callback hook rather than an async one: it runs on every answer, and a promise per call adds up.
    fastify.addHook('preSerialization', (request, reply, payload, done) => {
      if (
        reply.routeOptions.config.rawResponse ||
        !request.url.startsWith('/api') ||
        request.url.startsWith('/api/docs') ||
        reply.statusCode >= 400
      ) {
        done(null, payload)
        return
      }
      const wrapped: Envelope<unknown> = {
        metadata: {
          status: true,
          errorCode: null,
          message: '',
          authorized: request.user != null || request.startedSession,
        },
        data: payload ?? null,
      }
      done(null, wrapped)
    })

    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (reply.getHeader('connection') !== 'close' || request.raw.complete || request.raw.readableEnded) {
        done(null, payload)
        return
      }
      void drainBody(request.raw).then(() => done(null, payload))
    })

    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        // A refusal that stands for an outside failure (a full disk, a store that does not answer) names it for operators.
        if (error.cause !== undefined) request.log.error({ err: error.cause }, error.message)
        return sendError(request, reply, error.code, error.message)
      }
      if (error.validation) return sendError(request, reply, 'BadRequest', validationMessage(error))
      if (error.statusCode === 429)
        return sendError(request, reply, 'TooManyRequests', 'Too many attempts. Please wait a minute and try again.')
      if (error.statusCode === 413) return sendError(request, reply, 'BadRequest', BODY_TOO_LARGE)
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendError(request, reply, 'BadRequest', error.message)
      }
      const badInput = badInputRefusal(error)
      if (badInput) {
        request.log.warn({ err: error }, 'the database refused a value of the request')
        return sendError(request, reply, badInput.code, badInput.message)
      }
      // A wait on the database cut short by its bound: the call can be made again, and the cause is logged.
      const unavailable = unavailableRefusal(error)
      if (unavailable) {
        request.log.error({ err: error }, 'the database did not serve the request in time')
        return sendError(request, reply, unavailable.code, unavailable.message)
      }
      request.log.error({ err: error }, 'request failed')
      return sendError(request, reply, 'Internal', `Internal error (request ${request.id})`)
    })
  },
  { name: 'envelope' },
)

export function sendNotFoundEnvelope(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, 'NotFound', `No such call: ${request.method} ${request.url.split('?')[0]}`)
}
