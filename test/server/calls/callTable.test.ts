import { CALL_AREAS, CALLS, type Call } from '@shared/calls'
import { CALL_SCHEMAS } from '@shared/calls/schemas'
import { buildTestApp, type TestApp } from '@test/helpers/server'

/**
 * The call table (src/shared/calls) against what the server registers: the public OpenAPI document (generated from the
 * routes) lists exactly the table's calls but the operator calls, with the same methods, and the operator calls the
 * app guards are exactly those the table marks. Addresses under /api that are not the app's calls stay outside the
 * table (src/shared/calls/index.ts says why): pictures, the health checks and the document itself.
 */
const OUTSIDE_THE_TABLE = [/^\/api\/image\//, /^\/api\/health(\/|$)/, /^\/api\/docs(\/|$)/]

const described = (call: Call) => `${call.method} /api${call.url}`
const sorted = (items: Iterable<string>) => [...items].sort()

describe('the call table', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(async () => {
    await t.close()
  })

  it('declares each name in one area only, so gathering the areas loses none', () => {
    const declared = Object.values(CALL_AREAS).reduce((count, area) => count + Object.keys(area).length, 0)
    expect(Object.keys(CALLS)).toHaveLength(declared)
  })

  it('gives every call its own method and path, and its schemas', () => {
    const calls = Object.values(CALLS).map(described)
    expect(new Set(calls).size).toBe(calls.length)
    expect(sorted(Object.keys(CALL_SCHEMAS))).toEqual(sorted(Object.keys(CALLS)))
  })

  it('lists the same calls with the same methods as the OpenAPI document, but the operator calls', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const documented = Object.entries(document.paths)
      .filter(([url]) => url.startsWith('/api/') && !OUTSIDE_THE_TABLE.some((pattern) => pattern.test(url)))
      .flatMap(([url, operations]) =>
        Object.keys(operations)
          .filter((method) => method === 'get' || method === 'post')
          .map((method) => `${method.toUpperCase()} ${url}`),
      )
    const operatorCalls = new Set<Call>(Object.values(CALL_AREAS.operator))
    const publicCalls = Object.values(CALLS).filter((call) => !operatorCalls.has(call))
    expect(sorted(documented)).toEqual(sorted(publicCalls.map(described)))
  })

  it('holds in its operator area exactly the calls the app guards as operator calls', () => {
    const guarded = t.app.operatorCalls.map((call) => `${call.method} ${call.url}`)
    expect(sorted(guarded)).toEqual(sorted(Object.values(CALL_AREAS.operator).map(described)))
  })
})
