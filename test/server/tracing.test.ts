import { SpanKind } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node'
import sharp from 'sharp'

import { startTracing } from '@server/lib/tracingSdk'
import { present } from '@test/helpers/present'
import { startTestS3, type TestS3 } from '@test/helpers/s3'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { uploadFile } from './memories/fixtures'

// The process's tracer provider, as main.ts starts it, with spans kept in memory instead of sent over OTLP.
const exporter = new InMemorySpanExporter()
const tracing = startTracing(
  { endpoint: 'http://collector.test:4318', serviceName: 'wandercards-test', sampleRatio: 1 },
  new SimpleSpanProcessor(exporter),
)
afterAll(() => tracing.shutdown())

/** A Redis database of its own on the test Redis, so the rate-limit counters it leaves meet no other test's. */
function testRedisUrl(): string {
  const url = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379')
  url.pathname = '/13'
  return url.toString()
}

const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId)

const serverSpan = (spans: ReadableSpan[], name: string) =>
  present(
    spans.find((span) => span.kind === SpanKind.SERVER && span.name === name),
    `the server span ${name}`,
  )

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let s3: TestS3
  let t: TestApp
  beforeAll(async () => {
    s3 = await startTestS3()
    t = await buildTestApp({
      seed: false,
      logLevel: 'info',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.test:4318', REDIS_URL: testRedisUrl(), ...s3.env },
    })
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('traces a picture upload: the HTTP span, and its database, Redis and S3 calls as its children', async () => {
    const user = await t.register()
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer()
    exporter.reset()

    const { status } = await uploadFile(t, user.token, { data: picture, fileName: 'a.png', contentType: 'image/png' })
    expect(status).toBe(200)

    const spans = exporter.getFinishedSpans()
    const request = serverSpan(spans, 'POST /api/memory/uploadMemoryPicture')
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/memory/uploadMemoryPicture',
      'http.response.status_code': 200,
    })
    const children = childrenOf(spans, request)
    const database = children.filter(
      (span) => span.attributes['db.system.name'] === t.config.database.dialect.replace('postgres', 'postgresql'),
    )
    // The session lookup and the picture's row, as SQL with placeholders and never the values bound to them.
    expect(database.map((span) => span.attributes['db.operation.name'])).toEqual(
      expect.arrayContaining(['SELECT', 'INSERT']),
    )
    for (const span of database) expect(String(span.attributes['db.query.text'])).not.toContain(user.token)
    // The upload limit's counter.
    expect(children.some((span) => span.attributes['db.system.name'] === 'redis')).toBe(true)
    const stored = children.filter((span) => span.name === 'S3 PutObject')
    expect(stored.length).toBeGreaterThan(0)
    expect(stored[0]?.attributes).toMatchObject({ 'rpc.service': 'S3', 'aws.s3.bucket': s3.settings.bucket })
    for (const span of children) {
      expect(span.kind).toBe(SpanKind.CLIENT)
      expect(span.spanContext().traceId).toBe(request.spanContext().traceId)
    }

    // Every line the request logged names its trace, from "incoming request" to "request completed".
    const traceId = request.spanContext().traceId
    const requestId = request.attributes['wandercards.request_id']
    const lines = t.loggedErrors
      .map((line) => JSON.parse(line) as { reqId?: string; traceId?: string; msg: string })
      .filter((line) => line.reqId === requestId)
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
    for (const line of lines) expect(line.traceId).toBe(traceId)
  })

  it("continues a caller's trace named in its traceparent header", async () => {
    exporter.reset()
    const caller = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' }
    const { status } = await t.call('GET', '/api/health/ready', {
      headers: { traceparent: `00-${caller.traceId}-${caller.spanId}-01` },
    })
    expect(status).toBe(200)
    const request = serverSpan(exporter.getFinishedSpans(), 'GET /api/health/ready')
    expect(request.spanContext().traceId).toBe(caller.traceId)
    expect(request.parentSpanContext?.spanId).toBe(caller.spanId)
  })
})

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, logLevel: 'info' })
  })
  afterAll(() => t.close())

  it('makes no span and logs no trace id, even with a tracer provider in the process', async () => {
    exporter.reset()
    expect((await t.call('GET', '/api/health/ready')).status).toBe(200)
    expect(exporter.getFinishedSpans()).toEqual([])
    expect(t.loggedErrors.some((line) => line.includes('traceId'))).toBe(false)
  })
})
