import { sql } from 'kysely'

import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('the API envelope', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('wraps data with metadata on success', async () => {
    const { status, body } = await t.call('GET', '/api/health')
    expect(status).toBe(200)
    expect(body).toEqual({
      metadata: { status: true, errorCode: null, message: '', authorized: false },
      data: { status: 'ok', version: '1.0.0' },
    })
  })

  it('answers an unknown /api path with a 404 envelope', async () => {
    const { status, body } = await t.call('GET', '/api/noSuchCall')
    expect(status).toBe(404)
    expect(body.metadata).toMatchObject({ status: false, errorCode: 'NotFound', authorized: false })
    expect(body.metadata.message).toContain('/api/noSuchCall')
  })

  it('names the invalid field in a 400', async () => {
    const { status, body } = await t.call('POST', '/api/register', { body: { email: 'not-an-email', password: 'x' } })
    expect(status).toBe(400)
    expect(body.metadata.errorCode).toBe('BadRequest')
    expect(body.metadata.message).toMatch(/email/)
  })

  it('refuses a JSON body over 1 MB in the envelope', async () => {
    const { status, body } = await t.call('POST', '/api/login', {
      body: { email: 'x'.repeat(2 * 1024 * 1024), password: 'x' },
    })
    expect(status).toBe(400)
    expect(body).toEqual({
      metadata: { status: false, errorCode: 'BadRequest', message: 'The upload is too large.', authorized: false },
      data: null,
    })
  })

  it('refuses an unknown api key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/getUser',
      headers: { 'x-api-key': 'someone-else' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().metadata.message).toMatch(/X-Api-Key/)
  })

  it('answers 403 when a call needs a user and none is logged in', async () => {
    const { status, body } = await t.call('GET', '/api/getUser')
    expect(status).toBe(403)
    expect(body.metadata.message).toBe('Please log in to perform this action.')
  })

  it('answers 401 for an unknown or revoked token', async () => {
    const { status, body } = await t.call('GET', '/api/getUser', { token: 'made-up-token' })
    expect(status).toBe(401)
    expect(body.metadata).toMatchObject({ status: false, errorCode: 'Unauthorized', authorized: false })
  })

  it('turns an uncaught error into a 500 with a request id and no internals', async () => {
    const { token } = await t.register()
    // A broken database is the realistic uncaught failure.
    await sql`DROP TABLE notifications`.execute(t.db)
    const { status, body } = await t.call('GET', '/api/checkNewNotifications', { token })
    expect(status).toBe(500)
    expect(body.metadata).toMatchObject({ status: false, errorCode: 'Internal', authorized: true })
    expect(body.metadata.requestId).toEqual(expect.any(String))
    expect(body.metadata.message).not.toMatch(/notifications|SQL|at /i)
  })
})
