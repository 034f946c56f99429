import { contractRoutes, type ContractRoute } from '@test/helpers/contractRoutes'
import { API_KEY, buildTestApp, type TestApp } from '@test/helpers/server'

jest.setTimeout(120_000)

/** Query values and bodies that break every schema: wrong types, hostile numbers, a NUL. */
const BAD_QUERY = 'memoryId=&cardId=&userCardId=&limit=Infinity&tenDraws=1e400&name=%00&transactionId='
const BAD_BODY = { memoryId: 12, visibility: '-Infinity', friendCode: 'a\u0000b', unexpected: [[]] }

async function callWithBadInput(t: TestApp, route: ContractRoute, headers: Record<string, string>) {
  const response = await t.app.inject({
    method: route.method,
    url: route.method === 'GET' ? `${route.url}?${BAD_QUERY}` : route.url,
    headers: { 'x-api-key': API_KEY, ...headers },
    ...(route.method === 'POST' ? { payload: BAD_BODY } : {}),
  })
  return { status: response.statusCode, body: response.json<{ metadata: { errorCode: string } }>() }
}

describe('login is checked before the request is read', () => {
  let t: TestApp
  let loginOnly: ContractRoute[]
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
    loginOnly = contractRoutes(t.app).filter((route) => route.loginOnly)
  })
  afterAll(() => t.close())

  it('knows the login-only calls from the OpenAPI document', () => {
    const names = loginOnly.map((route) => `${route.method} ${route.url}`)
    expect(names.length).toBeGreaterThanOrEqual(24)
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/memory/updateVisibility', 'GET /api/feed/getMemoryFeed', 'GET /api/getUser']),
    )
    expect(names).not.toContain('POST /api/login')
  })

  it('tells a visitor to log in, whatever the body or query', async () => {
    const answers = await Promise.all(
      loginOnly.map(async (route) => [`${route.method} ${route.url}`, await callWithBadInput(t, route, {})] as const),
    )
    for (const [name, { status, body }] of answers) {
      expect({ name, status, errorCode: body.metadata.errorCode }).toEqual({
        name,
        status: 403,
        errorCode: 'LoginRequired',
      })
    }
  })

  it('tells an expired session to log in again, whatever the body or query', async () => {
    const answers = await Promise.all(
      loginOnly.map(
        async (route) =>
          [`${route.method} ${route.url}`, await callWithBadInput(t, route, { 'x-auth-key': 'expired' })] as const,
      ),
    )
    for (const [name, { status, body }] of answers) {
      expect({ name, status, errorCode: body.metadata.errorCode }).toEqual({
        name,
        status: 401,
        errorCode: 'Unauthorized',
      })
    }
  })

  it('answers a visitor 403 before reading a body that is not even JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memory/createMemory',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      payload: '{"memoryId": ',
    })
    expect(response.statusCode).toBe(403)
  })

  it('still validates the body of a logged-in user', async () => {
    const user = await t.register()
    const { status, body } = await callWithBadInput(
      t,
      { method: 'POST', url: '/api/memory/updateVisibility', loginOnly: true, query: null, body: null },
      { 'x-auth-key': user.token },
    )
    expect(status).toBe(400)
    expect(body.metadata.errorCode).toBe('BadRequest')
  })
})
