import type { CreditCertificate } from '@shared/wallet'
import { buildTestApp, type TestApp } from '@test/helpers/server'

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.'

describe('login limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  const login = (email: string, password: string, remoteAddress: string) =>
    t.call('POST', '/api/login', { body: { email, password }, remoteAddress })

  it('counts an e-mail however it is spaced or cased, so the right password waits too', async () => {
    await t.register({ email: 'victim@example.com', password: 'the right one' })
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login('victim@example.com', `guess-${attempt}`, '198.51.100.7')).status).toBe(400)
    }
    for (const variant of ['  victim@example.com ', 'VICTIM@example.com', 'Victim@Example.COM  ']) {
      const { status, body } = await login(variant, 'the right one', '198.51.100.7')
      expect(status).toBe(429)
      expect(body.metadata.message).toBe(TOO_MANY)
      expect(body.data).toBeNull()
    }
    const sessions = await t.db.selectFrom('sessions').select('user_id').execute()
    expect(sessions).toHaveLength(1) // only the registration's
    // The owner is not locked out from elsewhere.
    expect((await login('victim@example.com', 'the right one', '203.0.113.20')).status).toBe(200)
  })

  it('limits one address whatever e-mails it tries', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 32; attempt += 1) {
      statuses.push((await login(`rotating${attempt}@example.com`, 'guess', '198.51.100.8')).status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    // Another address is unaffected.
    expect((await login('rotating0@example.com', 'guess', '198.51.100.9')).status).toBe(400)
  })
})

describe('limits when the shared counters are unreachable', () => {
  let t: TestApp
  beforeAll(async () => {
    // Nothing listens on port 1: every counter update fails.
    t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })
  }, 60_000)
  afterAll(() => t.close())

  it('refuses login, redeem and free draws, and changes nothing', async () => {
    const user = await t.register({ email: 'closed@example.com', password: 'pw' })

    const loginAnswer = await t.call('POST', '/api/login', { body: { email: 'closed@example.com', password: 'pw' } })
    expect(loginAnswer.status).toBe(503)
    expect(loginAnswer.body.metadata).toMatchObject({ status: false, errorCode: 'Unavailable' })
    expect(await t.db.selectFrom('sessions').select('user_id').execute()).toHaveLength(1)

    const [welcome] = (
      await t.call<CreditCertificate[]>('GET', '/api/payment/getMyCreditCertificates', { token: user.token })
    ).body.data
    const redeem = await t.call('POST', '/api/payment/redeemCreditCertificate', {
      token: user.token,
      body: { redeemCode: welcome?.redeemCode },
    })
    expect(redeem.status).toBe(503)
    const certificate = await t.db
      .selectFrom('credit_certificates')
      .select('redeemed_at')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(certificate.redeemed_at).toBeNull()

    const drawsBefore = await t.db.selectFrom('draw_transactions').select('id').execute()
    expect((await t.call('GET', '/api/public/freeDrawCard')).status).toBe(503)
    expect(await t.db.selectFrom('draw_transactions').select('id').execute()).toHaveLength(drawsBefore.length)
  })

  it('lets the other limited calls through', async () => {
    const user = await t.register()
    const { status } = await t.call('POST', '/api/system/requestNewContent', {
      token: user.token,
      body: { requestType: 'New Card', requestContent: 'Porto, please' },
    })
    expect(status).toBe(200)
  })
})
