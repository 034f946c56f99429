import type { CreditCertificate } from '@shared/wallet'
import { buildTestApp, type TestApp } from '@test/helpers/server'

const TOO_MANY_FOR_LOGIN = 'Too many attempts. Please wait 10 minutes and try again.'

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
      expect(body.metadata.message).toBe(TOO_MANY_FOR_LOGIN)
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

describe.each([
  ['the number of proxies in front', '1'],
  ["the balancer's address", '127.0.0.1'],
])('limits behind a balancer that appends to X-Forwarded-For, trusted by %s', (_, trustProxy) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { TRUST_PROXY: trustProxy } })
  })
  afterAll(() => t.close())

  // The balancer (127.0.0.1, the injected connection) appends the address that connected to it to whatever the client
  // wrote, as nginx's $proxy_add_x_forwarded_for and cloud balancers do.
  const login = (email: string, password: string, client: string, written?: string) =>
    t.call('POST', '/api/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': written ? `${written}, ${client}` : client },
    })

  it('counts guesses against the address that connected, whatever address the client writes', async () => {
    await t.register({ email: 'guessed@example.com', password: 'the right one' })
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const written = `10.${attempt}.0.1`
      expect((await login('guessed@example.com', `guess-${attempt}`, '198.51.100.20', written)).status).toBe(400)
    }
    const limited = await login('guessed@example.com', 'the right one', '198.51.100.20', '10.99.0.1')
    expect(limited.status).toBe(429)
    expect(limited.body.metadata.message).toBe(TOO_MANY_FOR_LOGIN)
  })

  it('does not let a client lock another address out by writing it', async () => {
    await t.register({ email: 'bystander@example.com', password: 'mine and only mine' })
    for (let attempt = 0; attempt < 31; attempt += 1) {
      await login(`anyone${attempt}@example.com`, 'guess', '198.51.100.21', '198.51.100.22')
    }
    expect((await login('bystander@example.com', 'mine and only mine', '198.51.100.22')).status).toBe(200)
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
    const user = await t.register({ email: 'closed@example.com', password: 'a closed account password' })

    const loginAnswer = await t.call('POST', '/api/login', {
      body: { email: 'closed@example.com', password: 'a closed account password' },
    })
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

describe('registration limits per address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())
  afterEach(() => jest.restoreAllMocks())

  let signUps = 0
  const register = (remoteAddress: string) => {
    signUps += 1
    return t.call('POST', '/api/register', {
      body: { email: `farm${signUps}@example.com`, password: 'a throwaway password' },
      remoteAddress,
    })
  }
  const accounts = async () => (await t.db.selectFrom('users').select('id').execute()).length

  /** Moves the limits' clock (Date.now) forward, as the hours pass. */
  const realNow = Date.now.bind(Date)
  function laterBy(milliseconds: number) {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + milliseconds)
  }

  it('allows 20 sign-ups an hour from one address whatever the e-mails, then refuses, naming the hour, and creates nothing', async () => {
    for (let signUp = 0; signUp < 20; signUp += 1) expect((await register('198.51.100.30')).status).toBe(200)
    const before = await accounts()
    const { status, body } = await register('198.51.100.30')
    expect(status).toBe(429)
    expect(body.metadata.message).toBe('Too many attempts. Please wait an hour and try again.')
    expect(body.data).toBeNull()
    expect(await accounts()).toBe(before)
    // Another address signs up as usual.
    expect((await register('198.51.100.31')).status).toBe(200)
  })

  it('allows 50 sign-ups a day from one address, however they are spread over the hours', async () => {
    const address = '198.51.100.40'
    const before = await accounts()
    const statuses: number[] = []
    // 20 in each of the first two hours, then the day's last 10 and one more in the third hour.
    for (const [hour, count] of [
      [0, 20],
      [1, 20],
      [2, 11],
    ] as const) {
      laterBy(hour * 61 * 60 * 1000)
      for (let signUp = 0; signUp < count; signUp += 1) statuses.push((await register(address)).status)
    }
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(50)).toEqual([429])
    const refused = await register(address)
    expect(refused.body.metadata.message).toBe('Too many attempts. Please wait a day and try again.')
    expect(await accounts()).toBe(before + 50)
    // The next day the address may sign up again.
    laterBy(25 * 60 * 60 * 1000)
    expect((await register(address)).status).toBe(200)
  })
})
