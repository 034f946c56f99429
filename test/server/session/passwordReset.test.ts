import crypto from 'node:crypto'

import type { ParsedMail } from 'mailparser'

import { PASSWORD_RESET_TEXTS, type ResetPasswordResult } from '@shared/session'
import { pinClock } from '@server/lib/clock'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { startSmtpServer, type TestSmtpServer } from '@test/helpers/smtp'

/**
 * The forgotten-password flow end to end, on the suite's database (SQLite, or PostgreSQL with TEST_DATABASE_URL): the
 * request, the real e-mail received by an SMTP server, the link's token, the reset, and what it ends.
 */
const NEW_PASSWORD = 'a quiet train to Kyoto'
let smtp: TestSmtpServer
let t: TestApp
let addressCounter = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({
    seed: false,
    logLevel: 'trace',
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Wandercards <no-reply@wandercards.test>' },
  })
})

afterAll(async () => {
  pinClock(null)
  await t.close()
  await smtp.close()
})

afterEach(() => pinClock(null))

/** Each request from an address of its own, so the per-address limit is not what a test meets. */
function nextAddress(): string {
  addressCounter += 1
  return `10.20.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`
}

/** Asks for a reset and waits until the work behind the answer and the sending are done. */
async function requestReset(email: string) {
  const answer = await t.call<null>('POST', '/api/requestPasswordReset', {
    body: { email },
    remoteAddress: nextAddress(),
  })
  await t.app.background.settled()
  await t.app.mail?.settled()
  return answer
}

function resetLinkOf(mail: ParsedMail): string {
  const link = /http:\/\/wandercards\.test\/resetPassword#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`no reset link in: ${mail.text}`)
  return link
}

const tokenOf = (mail: ParsedMail) => resetLinkOf(mail).split('#token=')[1] as string

async function mailFor(user: TestUser): Promise<ParsedMail> {
  const before = smtp.received.length
  expect((await requestReset(user.email)).status).toBe(200)
  const [mail] = (await smtp.waitForMessages(before + 1)).slice(before)
  return mail as ParsedMail
}

const reset = (token: string, newPassword = NEW_PASSWORD, sessionToken?: string) =>
  t.call<ResetPasswordResult>('POST', '/api/resetPassword', {
    body: { token, newPassword },
    remoteAddress: nextAddress(),
    ...(sessionToken ? { token: sessionToken } : {}),
  })

const login = (email: string, password: string) =>
  t.call('POST', '/api/login', { body: { email, password }, remoteAddress: nextAddress() })

it('e-mails a single-use link that sets a new password, ends every session and logs the traveller in', async () => {
  const user = await t.register()
  const otherSession = ((await login(user.email, 'correct horse battery')).body.data as { authKey: string }).authKey

  const mail = await mailFor(user)
  expect(mail.to).toMatchObject({ value: [{ address: user.email.toLowerCase() }] })
  expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@wandercards.test', name: 'Wandercards' }] })
  expect(mail.subject).toBe('Set a new password for Wandercards')
  expect(mail.text).toContain(`Hello ${user.username},`)
  const link = resetLinkOf(mail)
  expect(mail.html).toContain(`href="${link}"`)
  // Transactional mail: no pictures, no remote resources, no tracking.
  expect(mail.html).not.toMatch(/<img|src=|<link /i)
  const token = tokenOf(mail)
  expect(Buffer.from(token, 'base64url')).toHaveLength(32)

  // The link is stored only as the SHA-256 of its token, and the sent message keeps no copy of it.
  const stored = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.userId).execute()
  expect(stored).toEqual([
    expect.objectContaining({ token_hash: crypto.createHash('sha256').update(token).digest('hex'), used_at: null }),
  ])
  const outbox = await t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_id', '=', user.userId)
    .where('kind', '=', 'passwordReset')
    .execute()
  expect(outbox).toEqual([expect.objectContaining({ status: 'sent', payload: '{}', attempts: 1 })])
  const expiresInMs = Date.parse(stored[0]?.expires_at ?? '') - Date.parse(stored[0]?.created_at ?? '')
  expect(expiresInMs).toBe(60 * 60_000)

  const answer = await reset(token)
  expect(answer.status).toBe(200)
  expect(answer.body.metadata.authorized).toBe(true)
  expect(answer.body.data).toMatchObject({ username: user.username, accountDeletionCancelled: false })

  // Every old session is over; the new one works.
  for (const old of [user.token, otherSession]) {
    expect((await t.call('GET', '/api/getUser', { token: old })).status).toBe(401)
  }
  expect((await t.call('GET', '/api/getUser', { token: answer.body.data.authKey })).status).toBe(200)
  expect((await login(user.email, 'correct horse battery')).status).toBe(400)
  expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)

  // Used once: a second use changes nothing.
  const again = await reset(token, 'another fine password 7')
  expect(again.status).toBe(400)
  expect(again.body.metadata.message).toBe(PASSWORD_RESET_TEXTS.linkUsed)
  expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)

  // Neither the token nor the new password ever reached a log line.
  const log = t.loggedErrors.join('\n')
  expect(log.length).toBeGreaterThan(0)
  expect(log).not.toContain(token)
  expect(log).not.toContain(NEW_PASSWORD)
})

it('answers the same for an address without an account, and sends nothing', async () => {
  const user = await t.register()
  const known = await requestReset(user.email)
  const before = smtp.received.length
  const unknown = await requestReset(`nobody.${crypto.randomUUID()}@example.com`)
  expect(unknown.status).toBe(known.status)
  expect(unknown.body.data).toEqual(known.body.data)
  expect({ ...unknown.body.metadata, requestId: null }).toEqual({ ...known.body.metadata, requestId: null })
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(smtp.received.length).toBe(before)
  const rows = await t.db.selectFrom('mail_outbox').select('recipient').execute()
  expect(rows.filter((row) => row.recipient.startsWith('nobody.'))).toEqual([])
})

it('refuses an expired link, changing nothing', async () => {
  const user = await t.register()
  const token = tokenOf(await mailFor(user))
  pinClock(new Date(Date.now() + 61 * 60_000))
  const answer = await reset(token)
  expect(answer.status).toBe(400)
  expect(answer.body.metadata).toMatchObject({ errorCode: 'BadRequest', message: PASSWORD_RESET_TEXTS.linkExpired })
  pinClock(null)
  expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
  expect((await login(user.email, 'correct horse battery')).status).toBe(200)
})

it("refuses a forged link, and another account's link where someone else is logged in", async () => {
  const owner = await t.register()
  const someoneElse = await t.register()
  const forged = await reset(crypto.randomBytes(32).toString('base64url'))
  expect(forged.status).toBe(400)
  expect(forged.body.metadata.message).toBe(PASSWORD_RESET_TEXTS.linkInvalid)

  const token = tokenOf(await mailFor(owner))
  const foreign = await reset(token, NEW_PASSWORD, someoneElse.token)
  expect(foreign.status).toBe(400)
  expect(foreign.body.metadata.message).toBe(PASSWORD_RESET_TEXTS.linkOfAnotherAccount)
  expect((await t.call('GET', '/api/getUser', { token: someoneElse.token })).status).toBe(200)
  expect((await t.call('GET', '/api/getUser', { token: owner.token })).status).toBe(200)
  // The link still works for its own account.
  expect((await reset(token)).status).toBe(200)
})

it('holds the new password to NIST SP 800-63B: 8 to 128 characters, not a common one, no composition rules', async () => {
  const user = await t.register()
  const token = tokenOf(await mailFor(user))
  const refusals: [string, string][] = [
    ['seven77', PASSWORD_RESET_TEXTS.tooShort],
    ['x'.repeat(129), PASSWORD_RESET_TEXTS.tooLong],
    ['password1', PASSWORD_RESET_TEXTS.tooCommon],
    ['Qwertyuiop', PASSWORD_RESET_TEXTS.tooCommon],
  ]
  for (const [password, message] of refusals) {
    const answer = await reset(token, password)
    expect({ password, status: answer.status, message: answer.body.metadata.message }).toEqual({
      password,
      status: 400,
      message,
    })
  }
  // Refusals used nothing up: eight emoji are eight characters, and need no digit or capital.
  const answer = await reset(token, '🌍🧭🗺️🏔️🌊')
  expect(answer.status).toBe(400)
  expect((await reset(token, '🌍🧭🏔🌊🗻🏝🏜🌋')).status).toBe(200)
})

it('limits requests per e-mail whatever the address, and per address, failing closed', async () => {
  const user = await t.register()
  const statuses: number[] = []
  for (let i = 0; i < 6; i += 1) statuses.push((await requestReset(user.email)).status)
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429])

  const address = nextAddress()
  const fromOne: number[] = []
  for (let i = 0; i < 11; i += 1) {
    const answer = await t.call('POST', '/api/requestPasswordReset', {
      body: { email: `flood${i}.${crypto.randomUUID()}@example.com` },
      remoteAddress: address,
    })
    fromOne.push(answer.status)
  }
  expect(fromOne.slice(0, 10).every((status) => status === 200)).toBe(true)
  expect(fromOne[10]).toBe(429)
  await t.app.background.settled()
})

it('sends the reset page with no referrer, so the link never leaves in a Referer header', async () => {
  const answer = await t.app.inject({ method: 'GET', url: '/resetPassword' })
  expect(answer.headers['referrer-policy']).toBe('no-referrer')
})

describe('with e-mail switched off (MAIL=off)', () => {
  let off: TestApp
  beforeAll(async () => {
    off = await buildTestApp({ seed: false, env: { MAIL: 'off' } })
  })
  afterAll(() => off.close())

  it('says on the request that passwords cannot be reset by e-mail here', async () => {
    const user = await off.register()
    const answer = await off.call('POST', '/api/requestPasswordReset', { body: { email: user.email } })
    expect(answer.status).toBe(503)
    expect(answer.body.metadata.message).toBe(PASSWORD_RESET_TEXTS.mailOff)
    await off.app.background.settled()
    expect(await off.db.selectFrom('password_resets').selectAll().execute()).toEqual([])
  })
})

describe('on two instances sharing Redis, each trusting a looked-up session for ten minutes', () => {
  let mailbox: TestSmtpServer
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    mailbox = await startSmtpServer()
    const env = {
      SMTP_URL: mailbox.url,
      REDIS_URL: process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379',
      RATE_LIMITS: 'off',
      SESSION_CACHE_SECONDS: '600',
    }
    first = await buildTestApp({ seed: false, env })
    second = await buildTestApp({ seed: false, env, joining: first })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
    await mailbox.close()
  })

  it('ends the old sessions on the other instance at once', async () => {
    const user = await first.register()
    // The second instance has looked the session up and would trust it for ten minutes.
    expect((await second.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
    await first.call('POST', '/api/requestPasswordReset', { body: { email: user.email } })
    await first.app.background.settled()
    await first.app.mail?.settled()
    // The welcome e-mail of the sign-up came first.
    const mail = (await mailbox.waitForMessages(2)).at(-1)
    const token = tokenOf(mail as ParsedMail)
    const answer = await first.call<ResetPasswordResult>('POST', '/api/resetPassword', {
      body: { token, newPassword: NEW_PASSWORD },
    })
    expect(answer.status).toBe(200)
    // Within seconds (the Redis message's way), not the ten minutes the cache would otherwise trust it.
    let status = 200
    for (let attempt = 0; status !== 401 && attempt < 200; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await second.call('GET', '/api/getUser', { token: user.token })).status
    }
    expect(status).toBe(401)
    expect((await second.call('GET', '/api/getUser', { token: answer.body.data.authKey })).status).toBe(200)
  })
})
