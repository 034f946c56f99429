import { buildTestApp, type TestApp } from '@test/helpers/server'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ seed: false, logLevel: 'info' })
})

afterAll(async () => {
  await t.close()
})

describe('request log lines', () => {
  it('leave out a token carried in the query, as an unsubscribe link carries it', async () => {
    const secret = 'unsubscribe-token-that-never-expires'
    await t.app.inject({ method: 'GET', url: `/unsubscribe?list=digest&token=${secret}` })
    const lines = t.loggedErrors.join('\n')
    expect(lines).toContain('/unsubscribe?list=digest&token=[redacted]')
    expect(lines).not.toContain(secret)
  })
})
