import fc from 'fast-check'

import type { JsonSchema } from '@test/helpers/contractRoutes'
import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { acceptedValue, chaoticValue, controlObject, known, withOneHostileField, type KnownFields } from './fuzzValues'

/**
 * The operator calls are left out of the public OpenAPI document (they answer travellers as unknown routes), so the
 * contract fuzz does not reach them: this sends every registered operator call (`app.operatorCalls`) hostile input
 * from an operator past the second factor, one hostile field at a time and hostile throughout, on both databases.
 * Fails on any 5xx, any answer that is not the envelope (the CSV export's 200 aside), and any audit row changed.
 *
 * FUZZ_RUNS: requests per call (default 8). FUZZ_SEED: replay a run.
 */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 8)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

jest.setTimeout(120_000)

let t: TestApp
let operator: TestOperator
let traveller: TestUser
let fields: KnownFields

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  operator = await makeOperator(t)
  traveller = await t.register()
  await t.call('POST', '/api/system/requestNewContent', {
    token: traveller.token,
    body: { requestType: 'Other', requestContent: 'fuzz me' },
  })
  const request = await t.db.selectFrom('content_requests').select('id').executeTakeFirstOrThrow()
  // Real objects, so the accepted part of each request reaches the call's rules, not only its validation.
  fields = {
    userId: known([traveller.userId, operator.userId, 'no-such-user']),
    requestId: known([request.id, 'no-such-request']),
    operatorUserId: known([operator.userId]),
    targetId: known([traveller.userId]),
    q: known([traveller.email, traveller.friendCode, '%']),
    code: known(['000000', '123456']),
    reason: known(['fuzzing', '=cmd|calc']),
  }
})
afterAll(() => t.close())

/** Text for a query string; a lone surrogate cannot be encoded, so it travels as invalid UTF-8 instead. */
function encodeQueryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null)
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')
}

function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).map(([name, value]) => `${name}=${encodeQueryValue(value)}`)
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

it('answers hostile input to every operator call with a refusal in the envelope, never a failure', async () => {
  console.log(`operator fuzz seed ${SEED}`)
  const auditBefore = await t.db.selectFrom('operator_actions').selectAll().orderBy('id').execute()
  const problems: string[] = []
  for (const call of t.app.operatorCalls) {
    const schema = (call.method === 'GET' ? call.querystring : call.body) as JsonSchema | null
    const requests = schema
      ? fc.sample(
          fc.oneof(
            withOneHostileField(schema, controlObject(schema, fields), fields).map((sample) => sample.value),
            chaoticValue(schema, fields),
            acceptedValue(schema, fields),
          ),
          { numRuns: RUNS_PER_CALL, seed: SEED },
        )
      : [undefined, {}]
    for (const input of requests) {
      const isGet = call.method === 'GET'
      const url =
        isGet && input && typeof input === 'object'
          ? `${call.url}${queryString(input as Record<string, unknown>)}`
          : call.url
      const response = await t.app.inject({
        method: call.method as 'GET' | 'POST',
        url,
        headers: { 'x-api-key': API_KEY, 'x-auth-key': operator.token, 'content-type': 'application/json' },
        ...(!isGet ? { payload: JSON.stringify(input === undefined ? null : input) } : {}),
      })
      const where = `${call.method} ${url} ${isGet ? '' : JSON.stringify(input)}`.slice(0, 300)
      if (response.statusCode >= 500) problems.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`)
      const csv = call.url.endsWith('/export') && response.statusCode === 200
      if (!csv) {
        try {
          const body = response.json<{ metadata?: { status?: unknown } }>()
          if (typeof body.metadata?.status !== 'boolean') problems.push(`no envelope ${where}`)
        } catch {
          problems.push(`not JSON ${where}: ${response.body.slice(0, 100)}`)
        }
      }
    }
  }
  expect(problems).toEqual([])
  // Whatever was recorded, nothing already in the log changed.
  const auditAfter = await t.db.selectFrom('operator_actions').selectAll().orderBy('id').execute()
  const after = new Map(auditAfter.map((row) => [row.id, row]))
  for (const row of auditBefore) expect(after.get(row.id)).toEqual(row)
})
