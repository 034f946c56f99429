import type { ReportClientErrorBody } from '@shared/clientErrors'
import { buildTestApp, type TestApp } from '@test/helpers/server'

const METRICS_TOKEN = 'client-errors-metrics-token'

function report(overrides: Partial<ReportClientErrorBody> = {}): ReportClientErrorBody {
  return {
    kind: 'uncaught',
    route: '/userCard/:userCardId',
    release: '1.0.0+4f2a9c1',
    message: "Cannot read properties of undefined (reading 'rarity')",
    stack:
      "TypeError: Cannot read properties of undefined (reading 'rarity')\n" +
      '    at CardFace (https://wandercards.test/assets/17.3fa9b2c1.js:1:2345)',
    ...overrides,
  }
}

async function reportedCount(t: TestApp, kind: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const line = response.body.split('\n').find((row) => row.startsWith(`client_errors_total{kind="${kind}"}`))
  return line ? Number(line.split(' ').at(-1)) : 0
}

const clientErrorLines = (t: TestApp) =>
  t.loggedErrors
    .map((line) => JSON.parse(line) as { msg: string; level: number; clientError?: Record<string, string> })
    .filter((line) => line.msg === 'client error')

describe('POST /api/system/reportClientError', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, logLevel: 'warn', env: { METRICS_TOKEN } })
  })
  afterAll(() => t.close())

  it('logs a crash at warn level and counts it in /metrics, without a session', async () => {
    const before = await reportedCount(t, 'uncaught')
    const { status, body } = await t.call('POST', '/api/system/reportClientError', {
      body: report(),
      remoteAddress: '198.51.100.31',
    })
    expect(status).toBe(200)
    expect(body.data).toBeNull()
    expect(await reportedCount(t, 'uncaught')).toBe(before + 1)
    expect(clientErrorLines(t).at(-1)).toMatchObject({ level: 40, clientError: report() })
  })

  it('needs the API key, as every call does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/system/reportClientError',
      payload: report(),
      remoteAddress: '198.51.100.32',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      metadata: { message: 'Unknown client: a valid X-Api-Key header is required.' },
    })
    expect(clientErrorLines(t).filter((line) => line.clientError)).toHaveLength(1)
  })

  it.each([
    ['a full address instead of the route pattern', { route: 'https://wandercards.test/userCard/abc' }],
    ['a query string in the route', { route: '/myCollection?group=2' }],
    ['a fragment in the route', { route: '/resetPassword#token=abc' }],
    ['an unknown kind', { kind: 'fatal' }],
    ['an empty release', { release: '' }],
    ['a stack longer than 8000 characters', { stack: 'x'.repeat(8001) }],
  ])('refuses %s', async (_, overrides) => {
    const before = clientErrorLines(t).length
    const { status, body } = await t.call('POST', '/api/system/reportClientError', {
      body: report(overrides as Partial<ReportClientErrorBody>),
      remoteAddress: '198.51.100.33',
    })
    expect(status).toBe(400)
    expect(body.metadata.errorCode).toBe('BadRequest')
    expect(clientErrorLines(t)).toHaveLength(before)
  })

  it('logs nothing that names the traveller: no session, address, query string, fragment or typed e-mail', async () => {
    const user = await t.register({ email: 'marta.reporter@example.com' })
    const { status } = await t.call('POST', '/api/system/reportClientError', {
      token: user.token,
      remoteAddress: '198.51.100.34',
      body: report({
        kind: 'caught',
        message:
          'No account for marta.reporter@example.com at https://wandercards.test/welcome?invited=1#from=mail ' +
          'after /resetPassword#token=a-reset-token',
        stack:
          'Error: No account\n    at load (https://wandercards.test/assets/main.js?v=2#x:1:10)\n' +
          '    render@https://wandercards.test/assets/9.1b2c3d4e.js:1:99',
      }),
    })
    expect(status).toBe(200)
    const line = JSON.stringify(clientErrorLines(t).at(-1))
    expect(line).toContain('No account for [e-mail] at https://wandercards.test/welcome after /resetPassword')
    // Firefox's `name@url` stack frames are kept as they are.
    expect(line).toContain('render@https://wandercards.test/assets/9.1b2c3d4e.js:1:99')
    for (const personal of [
      user.token,
      user.email,
      user.userId,
      user.username,
      '198.51.100.34',
      'invited=1',
      'from=mail',
      'a-reset-token',
      'v=2',
    ]) {
      expect(line).not.toContain(personal)
    }
  })

  it('refuses the eleventh report from one address within a minute', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await t.call('POST', '/api/system/reportClientError', { body: report(), remoteAddress: '198.51.100.35' }))
          .status,
      )
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Another address still reports.
    expect(
      (await t.call('POST', '/api/system/reportClientError', { body: report(), remoteAddress: '198.51.100.36' }))
        .status,
    ).toBe(200)
  })
})
