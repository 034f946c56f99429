import { loadConfig } from '@server/config'
import { SettingsError } from '@server/config/settings'

const SECRET = 'a'.repeat(64)

function startError(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError)
    return (error as Error).message
  }
  throw new Error(`the settings ${JSON.stringify(env)} were accepted`)
}

describe('settings', () => {
  it('start on a fresh machine with no settings at all', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      database: { dialect: 'sqlite' },
      instances: 1,
      rateLimits: true,
      trustProxy: false,
      paymentsTestMode: true,
      metricsToken: null,
      logLevel: 'info',
    })
  })

  it.each([
    ['PORT', 'eighty', /PORT="eighty".*port number/],
    ['PORT', '70000', /PORT="70000"/],
    ['DATABASE_URL', 'mysql://db/wandercards', /DATABASE_URL="mysql:\/\/db\/wandercards".*sqlite:/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud".*one of fatal/],
    ['RATE_LIMITS', 'maybe', /RATE_LIMITS="maybe".*on or off/],
    ['SESSION_TTL_DAYS', '0', /SESSION_TTL_DAYS="0"/],
    ['INSTANCES', 'two', /INSTANCES="two"/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL="localhost:6379".*redis:\/\//],
    ['PUBLIC_URL', 'wandercards.example', /PUBLIC_URL=/],
  ])('refuse %s=%s with a message naming the setting', (name, value, message) => {
    expect(startError({ [name]: value })).toMatch(message)
  })

  it.each([
    ['off', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8', { addresses: ['10.0.0.0/8'] }],
    ['127.0.0.1, 192.168.1.4,fd00::/8', { addresses: ['127.0.0.1', '192.168.1.4', 'fd00::/8'] }],
    ['loopback', { addresses: ['loopback'] }],
  ])('take TRUST_PROXY=%s as the proxies whose forwarded addresses are believed', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy)
  })

  it.each(['on', 'true', 'ON'])('refuse TRUST_PROXY=%s, which does not say which proxies to believe', (value) => {
    expect(startError({ TRUST_PROXY: value })).toMatch(/TRUST_PROXY=.*no longer says which proxies.*TRUST_PROXY=1/)
  })

  it.each(['10.0.0.0/33', 'balancer.internal', '10.0.0.1,', '11'])('refuse TRUST_PROXY=%s', (value) => {
    expect(startError({ TRUST_PROXY: value })).toMatch(/TRUST_PROXY.*invalid/)
  })

  it('name a bad secret without writing it into the log', () => {
    const message = startError({ METRICS_TOKEN: 'short-token' })
    expect(message).toMatch(/^Setting METRICS_TOKEN is invalid/)
    expect(message).not.toContain('short-token')
  })

  it('write e-mail as files under DATA_DIR without SMTP_URL, so the e-mail flows work on a fresh machine', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/wc-data' }).mail).toEqual({
      mode: 'files',
      folder: '/tmp/wc-data/mail',
      from: 'Wandercards <no-reply@localhost>',
    })
  })

  it.each(['Travel <a@b.example>\r\nBcc: victim@example.com', 'not an address', 'a@b.example\nX: y'])(
    'refuse MAIL_FROM=%j, which could inject headers or is no address',
    (value) => {
      expect(startError({ MAIL_FROM: value })).toMatch(/MAIL_FROM.*invalid/)
    },
  )

  it('take OPERATOR_SECRET_KEY as 64 hex characters, and name a bad one without echoing it', () => {
    expect(loadConfig({}).operatorSecretKey).toBeNull()
    expect(loadConfig({ OPERATOR_SECRET_KEY: 'AB'.repeat(32) }).operatorSecretKey).toBe('ab'.repeat(32))
    const message = startError({ OPERATOR_SECRET_KEY: 'hunter2'.repeat(10) })
    expect(message).toMatch(/^Setting OPERATOR_SECRET_KEY is invalid: expected 64 hex characters/)
    expect(message).not.toContain('hunter2')
  })

  it('refuse an SMTP_URL of another scheme without echoing its credentials', () => {
    const message = startError({ SMTP_URL: 'http://mailer:hunter2@smtp.example.com' })
    expect(message).toMatch(/^Setting SMTP_URL is invalid/)
    expect(message).not.toContain('hunter2')
  })

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      MEDIA_SIGNING_SECRET: SECRET,
      PAYMENTS_TEST_MODE: 'off',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
    }

    it('start with a signing secret and a payment choice', () => {
      expect(loadConfig(production)).toMatchObject({ production: true, paymentsTestMode: false })
    })

    it('refuse to start without MEDIA_SIGNING_SECRET', () => {
      expect(startError({ ...production, MEDIA_SIGNING_SECRET: '' })).toMatch(/MEDIA_SIGNING_SECRET is required/)
    })

    it('refuse several instances on one SQLite database', () => {
      expect(startError({ ...production, INSTANCES: '3' })).toMatch(/INSTANCES=3 needs a shared database/)
    })

    it('refuse several instances that would count rate limits each on its own, without Redis', () => {
      const shared = { ...production, INSTANCES: '3', DATABASE_URL: 'postgres://db.internal/wandercards' }
      expect(startError(shared)).toMatch(/INSTANCES=3 needs REDIS_URL/)
    })

    it('refuse several instances that would each keep pictures on their own disk', () => {
      const shared = {
        ...production,
        INSTANCES: '3',
        DATABASE_URL: 'postgres://db.internal/wandercards',
        REDIS_URL: 'redis://redis.internal:6379',
      }
      expect(startError(shared)).toMatch(/INSTANCES=3 needs a shared blob store/)
      expect(loadConfig({ ...shared, BLOB_STORE: 's3', S3_BUCKET: 'pictures' }).instances).toBe(3)
    })

    it('refuse to start without SMTP_URL unless e-mail is switched off explicitly', () => {
      const { SMTP_URL: _smtp, ...withoutSmtp } = production
      expect(startError(withoutSmtp)).toMatch(/SMTP_URL is required/)
      expect(startError({ ...withoutSmtp, MAIL: 'on' })).toMatch(/SMTP_URL is required/)
      expect(loadConfig({ ...withoutSmtp, MAIL: 'off' }).mail).toEqual({ mode: 'off', from: expect.any(String) })
      expect(loadConfig(production).mail).toMatchObject({ mode: 'smtp', smtpUrl: production.SMTP_URL })
    })

    it('refuse test-mode payments that were not asked for explicitly', () => {
      const { PAYMENTS_TEST_MODE: _chosen, ...unchosen } = production
      expect(startError(unchosen)).toMatch(/PAYMENTS_TEST_MODE must be chosen/)
      expect(loadConfig({ ...unchosen, PAYMENTS_TEST_MODE: 'on' }).paymentsTestMode).toBe(true)
      expect(
        loadConfig({ ...unchosen, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }).stripe,
      ).not.toBeNull()
    })
  })
})
