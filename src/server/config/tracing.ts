import { Type, type Static } from 'typebox'

import { HttpUrl } from './settings'

export interface TracingSettings {
  /** The collector's base address; spans go to `<endpoint>/v1/traces` as OTLP http/protobuf. */
  endpoint: string
  serviceName: string
  /** The share of traces started here that are kept (TRACES_SAMPLE_RATIO); a caller's sampled parent is followed. */
  sampleRatio: number
}

/** The tracing settings as written in the environment (README's settings table). */
export const TracingSettingsSchema = Type.Object({
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(HttpUrl('the OpenTelemetry collector, e.g. http://collector:4318')),
  OTEL_SERVICE_NAME: Type.String({ minLength: 1, default: 'wandercards', description: 'a service name' }),
  TRACES_SAMPLE_RATIO: Type.Number({
    minimum: 0,
    maximum: 1,
    default: 1,
    description: 'a number from 0 to 1, the share of requests traced',
  }),
})

/** OTLP traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; null otherwise. */
export function tracingSettings(settings: Static<typeof TracingSettingsSchema>): TracingSettings | null {
  return settings.OTEL_EXPORTER_OTLP_ENDPOINT
    ? {
        endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''),
        serviceName: settings.OTEL_SERVICE_NAME,
        sampleRatio: settings.TRACES_SAMPLE_RATIO,
      }
    : null
}
