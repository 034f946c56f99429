import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api'

/**
 * Spans through OpenTelemetry's API only: without a tracer provider (TRACING off, see tracingSdk.ts) every call here is
 * a no-op, and the instrumentation that calls it is not even installed. The spans are made by hand, at the app's own
 * seams (Fastify hooks, the Kysely driver, the ioredis client, the S3 client's middleware), rather than by patching
 * `require`: the server runs as one esbuild bundle, and the jest tests load modules through their own registry, where
 * patched modules would go unseen.
 */
export function tracer(): Tracer {
  return trace.getTracer('wandercards')
}

export function markFailed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error))
  span.setStatus({ code: SpanStatusCode.ERROR, ...(error instanceof Error ? { message: error.message } : {}) })
}

/** Runs `work` in a client span, a child of the active one (the request's), ended when the work settles. */
export async function inClientSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes })
  try {
    return await context.with(trace.setSpan(context.active(), span), work)
  } catch (error) {
    markFailed(span, error)
    throw error
  } finally {
    span.end()
  }
}

/** The active trace's id for a log line, or nothing outside a trace. */
export function activeTraceFields(): { traceId?: string } {
  const span = trace.getSpan(context.active())
  return span ? { traceId: span.spanContext().traceId } : {}
}
