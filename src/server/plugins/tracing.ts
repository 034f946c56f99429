import type { IncomingMessage } from 'node:http'

import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import { activeTraceFields, tracer } from '../lib/tracing'

/** Each request's server span, from the moment Fastify makes the request's logger until its answer is sent. */
const requestSpans = new WeakMap<IncomingMessage, Span>()

/** A request's logger already names its trace in its bindings (and so do its children, which inherit this mark). */
const NAMES_ITS_TRACE = Symbol('names its trace')

/**
 * pino's mixin: a line logged outside a request's own logger (a feature logging through `fastify.log`, a database
 * span's caller) still names the trace active when it was written.
 */
export function traceMixin(_fields: object, _level: number, logger: FastifyBaseLogger): object {
  return (logger as unknown as Record<symbol, unknown>)[NAMES_ITS_TRACE] ? {} : activeTraceFields()
}

function spanOf(request: FastifyRequest): Span | undefined {
  return requestSpans.get(request.raw)
}

/**
 * HTTP server spans (TRACING): every request gets one, named by its route pattern (never the URL, which holds ids),
 * and the database, Redis and S3 spans made while it is answered are its children. The span is made the active
 * context at the first hook and again after the body is read: a body arrives in the socket's events, which would
 * otherwise run the remaining hooks and the handler outside it.
 */
export const tracingPlugin = fp(
  async (fastify) => {
    // The request's span starts where Fastify makes the request's logger, before the "incoming request" line, so that
    // every line of the request carries its `traceId`. A caller's `traceparent` header makes the span its child.
    fastify.setChildLoggerFactory((logger, bindings, options, rawRequest) => {
      const parent = propagation.extract(ROOT_CONTEXT, rawRequest.headers)
      const method = rawRequest.method ?? 'GET'
      const attributes = { 'http.request.method': method }
      const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes }, parent)
      requestSpans.set(rawRequest, span)
      const child = logger.child({ ...bindings, traceId: span.spanContext().traceId }, options)
      Object.defineProperty(child, NAMES_ITS_TRACE, { value: true })
      return child
    })
    const enter = (request: FastifyRequest, done: () => void) => {
      const span = spanOf(request)
      if (!span) {
        done()
        return
      }
      context.with(trace.setSpan(context.active(), span), done)
    }
    fastify.addHook('onRequest', (request, _reply, done) => {
      const span = spanOf(request)
      const route = request.routeOptions.url
      if (span && route) {
        span.updateName(`${request.method} ${route}`)
        span.setAttribute('http.route', route)
      }
      span?.setAttribute('wandercards.request_id', request.id)
      enter(request, done)
    })
    fastify.addHook('preValidation', (request, _reply, done) => enter(request, done))
    fastify.addHook('onResponse', (request, reply, done) => {
      const span = spanOf(request)
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode)
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        span.end()
        requestSpans.delete(request.raw)
      }
      done()
    })
    fastify.addHook('onRequestAbort', (request, done) => {
      const span = spanOf(request)
      if (span) {
        span.setAttribute('wandercards.aborted', true)
        span.end()
        requestSpans.delete(request.raw)
      }
      done()
    })
  },
  { name: 'tracing' },
)
