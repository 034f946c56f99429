import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node'

import { APP_VERSION } from '@shared/constants'

import type { TracingSettings } from '../config/tracing'

export interface RunningTracing {
  /** Sends the spans still buffered and stops; called last on shutdown. */
  shutdown(): Promise<void>
}

/**
 * Starts OpenTelemetry's SDK for this process: the global tracer provider, the context manager that carries the active
 * span across awaits (AsyncLocalStorage), and the W3C `traceparent` propagator. Spans leave in batches over OTLP
 * http/protobuf (OTEL_EXPORTER_OTLP_HEADERS adds the collector's credentials); tests pass their own processor. Imported
 * by main.ts only when tracing is on, so a server without it never loads the SDK.
 */
export function startTracing(settings: TracingSettings, spanProcessor?: SpanProcessor): RunningTracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': APP_VERSION }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [
      spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` })),
    ],
  })
  provider.register()
  return { shutdown: () => provider.shutdown() }
}
