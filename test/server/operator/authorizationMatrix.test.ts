import type { LightMyRequestResponse } from 'fastify'

import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { present } from '@test/helpers/present'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

/**
 * Every operator call, asked by everyone who may knock (docs/security.md#operators):
 * - a visitor, a traveller, a forged or ended session, and a revoked operator get exactly what an unknown route at the
 *   same path answers: the same status, headers and bytes;
 * - an operator whose session has not passed the second factor is told SecondFactorRequired, except on the second
 *   factor's own calls;
 * - an operator past the second factor gets the call's own answer.
 * The table must name every operator call the app registers (`app.operatorCalls`): a new call fails this test until
 * it is listed here with a request an operator would make.
 */
interface Sample {
  query?: Record<string, string>
  body?: Record<string, unknown>
  /** The status a verified operator gets for this request. */
  status: number
}

/** What the samples name: a traveller to act on and a content request of theirs. */
interface Context {
  target: TestUser
  contentRequestId: string
}

const CALLS: Record<string, (context: Context) => Sample> = {
  'GET /api/operator/secondFactor': () => ({ status: 200 }),
  // Already enrolled: a second enrolment is refused.
  'POST /api/operator/secondFactor/enrol': () => ({ status: 409 }),
  // A code that is not the current one.
  'POST /api/operator/secondFactor/verify': () => ({ body: { code: '000000' }, status: 422 }),
  'GET /api/operator/auditLog': () => ({ query: { action: 'operator.grant' }, status: 200 }),
  'GET /api/operator/auditLog/export': () => ({ query: { from: '2026-01-01' }, status: 200 }),
  'GET /api/operator/travellers/search': ({ target }) => ({ query: { q: target.email }, status: 200 }),
  'GET /api/operator/travellers/traveller': ({ target }) => ({ query: { userId: target.userId }, status: 200 }),
  'POST /api/operator/travellers/adjustCredit': ({ target }) => ({
    body: { userId: target.userId, direction: 'grant', currency: 'digital', amount: 5, reason: 'matrix' },
    status: 200,
  }),
  'POST /api/operator/travellers/endSessions': ({ target }) => ({
    body: { userId: target.userId, reason: 'matrix' },
    status: 200,
  }),
  'POST /api/operator/travellers/sendPasswordReset': ({ target }) => ({
    body: { userId: target.userId, reason: 'matrix' },
    status: 200,
  }),
  'GET /api/operator/contentRequests': () => ({ query: { status: 'new' }, status: 200 }),
  'POST /api/operator/contentRequests/reply': ({ contentRequestId }) => ({
    body: { requestId: contentRequestId, reply: 'Thanks, it is on our list.' },
    status: 200,
  }),
  'POST /api/operator/contentRequests/markDone': ({ contentRequestId }) => ({
    body: { requestId: contentRequestId },
    status: 200,
  }),
  'GET /api/operator/moderation/queue': () => ({ status: 200 }),
  // An entry that is not in the queue.
  'POST /api/operator/moderation/act': () => ({
    body: { queueItemId: 'no-such-entry', version: 1, action: 'dismiss', reason: 'Checked.' },
    status: 404,
  }),
  // A traveller who is not suspended.
  'POST /api/operator/moderation/unsuspend': ({ target }) => ({
    body: { userId: target.userId, reason: 'Checked.' },
    status: 409,
  }),
  'GET /api/operator/payments': ({ target }) => ({ query: { traveller: target.email }, status: 200 }),
  // A purchase nobody made.
  'POST /api/operator/payments/refund': () => ({
    body: { providerPaymentId: 'pi_forged', reason: 'matrix' },
    status: 404,
  }),
}

/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'x-request-id', 'content-length'])

let t: TestApp
let traveller: TestUser
let operator: TestOperator
let unverified: TestOperator
let revoked: TestOperator
let context: Context

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  traveller = await t.register()
  operator = await makeOperator(t)
  unverified = await makeOperator(t, { withoutSecondFactor: true })
  revoked = await makeOperator(t)
  const { revokeOperator } = await import('@server/features/operator/service')
  await revokeOperator(t.db, revoked.email, 'test')
  const target = await t.register()
  await t.call('POST', '/api/system/requestNewContent', {
    token: target.token,
    body: { requestType: 'New Card', requestContent: 'Reykjavik, please' },
  })
  const request = await t.db
    .selectFrom('content_requests')
    .select('id')
    .where('user_id', '=', target.userId)
    .executeTakeFirstOrThrow()
  context = { target, contentRequestId: request.id }
})
afterAll(() => t.close())

function request(method: string, url: string, sample: Sample, headers: Record<string, string>) {
  const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : ''
  return t.app.inject({
    method: method as 'GET' | 'POST',
    url: `${url}${query}`,
    headers,
    ...(sample.body ? { payload: sample.body } : {}),
  })
}

function headersOf(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !VARYING.has(name)))
}

const calls = () => Object.keys(CALLS)
const sampleOf = (call: string) => present(CALLS[call])(context)

it('lists every operator call the app registers', () => {
  const registered = t.app.operatorCalls.map((call) => `${call.method} ${call.url}`).sort()
  expect(registered).toEqual(Object.keys(CALLS).sort())
})

it('keeps operator calls out of the public OpenAPI document', () => {
  const document = t.app.swagger() as { paths: Record<string, unknown> }
  expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/operator'))).toEqual([])
})

describe.each([
  ['a visitor', () => ({ 'x-api-key': API_KEY })],
  ['a traveller', () => ({ 'x-api-key': API_KEY, 'x-auth-key': traveller.token })],
  ['a forged session token', () => ({ 'x-api-key': API_KEY, 'x-auth-key': 'forged-token-of-an-operator' })],
  ['a revoked operator', () => ({ 'x-api-key': API_KEY, 'x-auth-key': revoked.token })],
  ['an unknown api key with an operator session', () => ({ 'x-api-key': 'nope', 'x-auth-key': operator.token })],
  ['no api key with an operator session', () => ({ 'x-auth-key': operator.token })],
])('%s', (_who, headersFor) => {
  it.each(calls())('gets what an unknown route answers from %s', async (call) => {
    const sample = sampleOf(call)
    const [method, url] = call.split(' ') as [string, string]
    const headers = headersFor()
    const unknownUrl = '/api/operator/noSuchCallAtAll'
    const [answer, unknown] = await Promise.all([
      request(method, url, sample, headers),
      request(method, unknownUrl, sample, headers),
    ])
    // What an unknown route at this very path would say: the refusal names the path it was asked for.
    const expected = unknown.body.split(unknownUrl).join(url)
    expect({ status: answer.statusCode, body: answer.body, headers: headersOf(answer) }).toEqual({
      status: unknown.statusCode,
      body: expected,
      headers: headersOf(unknown),
    })
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(expected))
    expect([400, 404]).toContain(answer.statusCode)
  })
})

describe('an operator whose session has not passed the second factor', () => {
  it.each(calls())('%s', async (call) => {
    const sample = sampleOf(call)
    const [method, url] = call.split(' ') as [string, string]
    const needsSecondFactor = t.app.operatorCalls.find((c) => `${c.method} ${c.url}` === call)?.needsSecondFactor
    const answer = await request(method, url, sample, { 'x-api-key': API_KEY, 'x-auth-key': unverified.token })
    const body = answer.json<{ metadata: { errorCode: string | null; message: string } }>()
    if (needsSecondFactor) {
      expect({ status: answer.statusCode, errorCode: body.metadata.errorCode, message: body.metadata.message }).toEqual(
        {
          status: 428,
          errorCode: 'SecondFactorRequired',
          message: 'Enter the code from your authenticator app to open the console.',
        },
      )
    } else {
      expect(body.metadata.errorCode).not.toBe('SecondFactorRequired')
      expect(answer.statusCode).not.toBe(404)
    }
  })
})

describe('an operator past the second factor', () => {
  it.each(calls())('%s', async (call) => {
    const sample = sampleOf(call)
    const [method, url] = call.split(' ') as [string, string]
    const answer = await request(method, url, sample, { 'x-api-key': API_KEY, 'x-auth-key': operator.token })
    expect({ call, status: answer.statusCode }).toEqual({ call, status: sample.status })
  })
})
