import fc from 'fast-check'

import type { Envelope } from '@shared/envelope'
import { contractRoutes, type ContractRoute, type JsonSchema } from '@test/helpers/contractRoutes'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy, grantDigitalCredit, makeFriends } from '../memories/fixtures'

/**
 * Sends malformed, boundary and hostile values to every call of the contract, as a visitor and as a logged-in user,
 * with the schemas the server validates with (read from its OpenAPI document). Fails on any 5xx, any JSON answer that
 * is not the envelope, any request slower than 5 s, and any stored value after which the user's own reads fail.
 *
 * FUZZ_RUNS: requests per call (default 15; CI sets more). FUZZ_SECONDS: the time budget for all calls (default 45).
 * FUZZ_SEED: replay a failing run with the seed it printed.
 */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 15)
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 45) * 1000
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
const SLOW_MS = 5000
const PASSWORD = 'fuzzing is caring'

jest.setTimeout(BUDGET_MS + 240_000)

/** Answers that are not JSON by design: pictures, the payment provider's webhook, and the data export (a ZIP). */
const RAW_CALLS = ['/api/image/', '/api/payment/webhook', '/api/account/exportMyData']

/** The reads a user relies on; a value stored by any call must never break them. */
const OWN_READS = ['/api/getUser', '/api/memory/getMyMemories', '/api/feed/getMemoryFeed', '/api/getMyCollection']

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\r\n\t',
  '\u0085\u2028\u2029',
  'Infinity',
  '-Infinity',
  '1e400',
  'NaN',
  '-0',
  '0x10',
  ' 1',
  '2147483648',
  '9'.repeat(40),
  "' OR '1'='1' --",
  '%',
  '_%\\',
  '"',
  '<script>alert(1)</script>',
  '\u202eevil',
  '\ufeff',
  '😀🏳️‍🌈',
  '\ud800',
  'x'.repeat(10_050),
  '../../etc/passwd',
  'null',
  'true',
  '[]',
  '{}',
]

const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  0.5,
  1e-300,
]

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { $gt: '' }, deeplyNested(64)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
)

/** Real values by field name, so a request can reach the rules behind validation and store what it carries. */
type KnownIds = Record<string, string[]>

/** Values near what the schema accepts, and real ids from the database, so calls get past validation too. */
function valueFor(schema: JsonSchema | undefined, knownIds: KnownIds, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue
  const real = knownIds[name]
  return fc.oneof(
    ...(real ? [{ arbitrary: fc.constantFrom(...real), weight: 2 }] : []),
    { arbitrary: nearValue(schema, knownIds), weight: 2 },
    { arbitrary: hostileValue, weight: 2 },
  )
}

function nearValue(schema: JsonSchema, knownIds: KnownIds): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => nearValue(option, knownIds)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -(2 ** 31)
      const max = Math.min(schema.maximum ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER)
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
        fc.constantFrom(min - 1, min, max, max + 1),
      )
    }
    case 'boolean':
      return fc.boolean()
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 200, 2000)
      return fc.oneof(
        fc.constantFrom(...Object.values(knownIds).flat()),
        fc.string({ minLength: schema.minLength ?? 0, maxLength }),
        fc.string({ unit: 'grapheme', maxLength: maxLength + 2 }),
        fc.constantFrom('2026-06-01', '2026-02-30', '0000-00-00', '9999-12-31'),
      )
    }
    case 'array':
      return fc.array(valueFor(schema.items, knownIds), { maxLength: Math.min((schema.maxItems ?? 5) + 1, 12) })
    case 'object':
      return objectFor(schema, knownIds)
    default:
      return hostileValue
  }
}

function objectFor(schema: JsonSchema, knownIds: KnownIds): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {})
  const required = new Set(schema.required ?? [])
  return fc
    .tuple(
      ...entries.map(([name, property]) =>
        fc.option(valueFor(property, knownIds, name), { freq: required.has(name) ? 12 : 3, nil: undefined }),
      ),
      fc.option(fc.dictionary(fc.constantFrom('extra', 'constructor', 'prototype', 'userId'), hostileValue), {
        freq: 4,
        nil: undefined,
      }),
    )
    .map((values) => {
      const object: Record<string, unknown> = {}
      entries.forEach(([name], index) => {
        if (values[index] !== undefined) object[name] = values[index]
      })
      const extra = values[entries.length] as Record<string, unknown> | undefined
      return extra ? { ...extra, ...object } : object
    })
}

/** JSON text; `undefined` (which JSON.stringify passes through) travels as null. */
function toJson(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value)
}

/** Text for a query string; a lone surrogate cannot be encoded, so it travels as invalid UTF-8 instead. */
function encodeQueryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : toJson(value)
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')
}

function queryString(query: Record<string, unknown> | null): string {
  if (!query) return ''
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    Array.isArray(value) && value.length > 0
      ? value.map((item) => `${name}=${encodeQueryValue(item)}`)
      : [`${name}=${encodeQueryValue(value)}`],
  )
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

interface FuzzRequest {
  asUser: boolean
  query: Record<string, unknown> | null
  rawQuery: string | null
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; payload: string } | null
}

function requestFor(route: ContractRoute, knownIds: KnownIds): fc.Arbitrary<FuzzRequest> {
  const query = route.query ? objectFor(route.query, knownIds) : fc.constant(null)
  const rawQuery = fc.option(fc.constantFrom('?%', '?a=%zz', '?limit=1&limit=2', '?' + 'x=1&'.repeat(300)), {
    freq: 8,
    nil: null,
  })
  const jsonBody = (route.body ? valueFor(route.body, knownIds) : hostileValue).map((value) => ({
    kind: 'json' as const,
    value,
  }))
  const rawBody = fc.record({
    kind: fc.constant('raw' as const),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=fuzz',
      'application/x-www-form-urlencoded',
    ),
    payload: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('{"a":', '[1,2', '{"__proto__":{"x":1}}', '--fuzz\r\nContent-Disposition: form-data; name="f"'),
    ),
  })
  const body = route.method === 'POST' ? fc.oneof({ arbitrary: jsonBody, weight: 4 }, rawBody) : fc.constant(null)
  return fc.record({ asUser: fc.boolean(), query, rawQuery, body })
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  const metadata = (value as { metadata?: Record<string, unknown> } | null)?.metadata
  return (
    typeof metadata === 'object' &&
    typeof metadata.status === 'boolean' &&
    (metadata.errorCode === null || typeof metadata.errorCode === 'string') &&
    typeof metadata.message === 'string' &&
    typeof metadata.authorized === 'boolean' &&
    'data' in (value as object)
  )
}

describe('the contract under hostile input', () => {
  let t: TestApp
  let user: TestUser
  let routes: ContractRoute[]
  let knownIds: KnownIds = {}

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
    user = await t.register({ password: PASSWORD })
    const friend = await t.register()
    await makeFriends(t, user, friend)
    await grantDigitalCredit(t, user.userId, 100_000)
    const [cardId, otherCardId] = await cardsOfRarity(t, 1, 2)
    const memoryId = await createMemory(t, user, cardId)
    const friendMemoryId = await createMemory(t, friend, otherCardId, { visibility: 2 })
    const spareCopyId = await giveCopy(t, user.userId, otherCardId)
    const collection = await t.db.selectFrom('collections').select('id').executeTakeFirstOrThrow()
    knownIds = {
      cardId: [cardId, otherCardId],
      selectedCardId: [cardId, otherCardId],
      memoryId: [memoryId, friendMemoryId],
      userCardId: [spareCopyId],
      newUserCardId: [spareCopyId],
      collectionId: [collection.id],
      friendCode: [friend.friendCode],
      taggedFriends: [friend.userId],
      email: [user.email, friend.email],
      password: [PASSWORD],
    }
    routes = contractRoutes(t.app)
  })
  afterAll(() => t.close())

  async function send(route: ContractRoute, request: FuzzRequest) {
    const url = route.url + (request.rawQuery ?? queryString(request.query))
    const headers: Record<string, string> = { 'x-api-key': API_KEY }
    if (request.asUser) headers['x-auth-key'] = user.token
    let payload: string | undefined
    if (request.body?.kind === 'json') {
      headers['content-type'] = 'application/json'
      payload = toJson(request.body.value)
    } else if (request.body?.kind === 'raw') {
      headers['content-type'] = request.body.contentType
      payload = request.body.payload
    }
    const started = performance.now()
    const response = await t.app.inject({ method: route.method, url, headers, payload })
    return { response, elapsed: performance.now() - started }
  }

  /** A logout in the fuzzed calls ends the user's session; the next checks need it back. */
  async function logInAgain() {
    const { status, body } = await t.call<{ authKey: string }>('POST', '/api/login', {
      body: { email: user.email, password: PASSWORD },
    })
    if (status !== 200) throw new Error(`logging in again failed: ${JSON.stringify(body)}`)
    user = { ...user, token: body.data.authKey }
  }

  async function ownReadsWork(): Promise<string | null> {
    for (const url of OWN_READS) {
      const { status, body } = await t.call(`GET`, url, { token: user.token })
      if (status !== 200) return `${url} answered ${status}: ${body.metadata.message}`
    }
    return null
  }

  it('answers every call with the envelope and no server error', async () => {
    expect(routes.length).toBeGreaterThan(40)
    const deadline = Date.now() + BUDGET_MS
    const budgetPerCall = Math.max(1000, Math.floor(BUDGET_MS / routes.length))
    const failures: string[] = []
    let requests = 0

    for (const route of routes) {
      if (Date.now() > deadline) break
      const name = `${route.method} ${route.url}`
      const isRaw = RAW_CALLS.some((prefix) => route.url.startsWith(prefix))
      const outcome = await fc.check(
        fc.asyncProperty(requestFor(route, knownIds), async (request) => {
          requests += 1
          const { response, elapsed } = await send(route, request)
          if (route.url === '/api/logout' && request.asUser) await logInAgain()
          if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body.slice(0, 300)}`)
          if (elapsed > SLOW_MS) throw new Error(`took ${Math.round(elapsed)} ms`)
          const isJson = String(response.headers['content-type'] ?? '').includes('application/json')
          if (!isRaw && !isJson) throw new Error(`answered ${response.statusCode} without JSON`)
          if (isJson && !isEnvelope(response.json()))
            throw new Error(`not the envelope: ${response.body.slice(0, 300)}`)
          if (request.asUser && route.method === 'POST') {
            const broken = await ownReadsWork()
            if (broken) throw new Error(`a stored value broke a read: ${broken}`)
          }
        }),
        {
          numRuns: RUNS_PER_CALL,
          interruptAfterTimeLimit: Math.min(budgetPerCall, Math.max(0, deadline - Date.now())),
          markInterruptAsFailure: false,
          endOnFailure: true,
          seed: SEED,
        },
      )
      // A call that used up its share of the time before a first request is not a failure.
      if (outcome.failed && outcome.counterexample !== null) {
        failures.push(
          `${name} (seed ${outcome.seed}, path ${outcome.counterexamplePath}): ${String(outcome.errorInstance)}\n` +
            `  with ${toJson(outcome.counterexample).slice(0, 500)}`,
        )
      }
    }

    expect(requests).toBeGreaterThan(routes.length)
    expect(failures).toEqual([])
    expect(await ownReadsWork()).toBeNull()
  })
})
