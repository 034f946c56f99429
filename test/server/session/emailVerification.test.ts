import crypto from 'node:crypto'

import type { ParsedMail } from 'mailparser'

import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'
import type { Notification } from '@shared/notifications'
import {
  REGISTRATION_PASSWORD_TEXTS,
  type ResendVerificationEmailResult,
  type User,
  type VerifyEmailResult,
} from '@shared/session'
import { pinClock } from '@server/lib/clock'
import { hashPassword } from '@server/lib/passwords'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { startSmtpServer, type TestSmtpServer } from '@test/helpers/smtp'

/**
 * Confirming the address from the welcome e-mail, end to end on the suite's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): the sign-up, the real e-mail received by an SMTP server, the link's token, the confirmation and
 * what waits for it (the inviter's reward); Resend and its limits; the password rules at sign-up.
 */
let smtp: TestSmtpServer
let t: TestApp
let addressCounter = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({
    seed: false,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Wandercards <no-reply@wandercards.test>' },
  })
})

afterAll(async () => {
  pinClock(null)
  await t.close()
  await smtp.close()
})

afterEach(() => pinClock(null))

/** Each request from an address of its own, so the per-address limits are not what a test meets. */
function nextAddress(): string {
  addressCounter += 1
  return `10.30.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`
}

function confirmationLinkOf(mail: ParsedMail): string {
  const link = /http:\/\/wandercards\.test\/verifyEmail#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`)
  return link
}

const tokenOf = (mail: ParsedMail) => confirmationLinkOf(mail).split('#token=')[1] as string

/** The mail that arrived for `email` last. */
function lastMailTo(email: string): ParsedMail {
  const mail = smtp.received.filter((message) => toOf(message) === email).at(-1)
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}

function toOf(mail: ParsedMail): string | undefined {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
  return to?.value[0]?.address
}

const verify = (token: string, sessionToken?: string) =>
  t.call<VerifyEmailResult>('POST', '/api/verifyEmail', {
    body: { token },
    remoteAddress: nextAddress(),
    ...(sessionToken ? { token: sessionToken } : {}),
  })

async function resend(user: TestUser, remoteAddress = nextAddress()) {
  const answer = await t.call<ResendVerificationEmailResult>('POST', '/api/resendVerificationEmail', {
    token: user.token,
    remoteAddress,
  })
  await t.app.mail?.settled()
  return answer
}

async function emailVerified(user: TestUser): Promise<boolean> {
  return (await t.call<User>('GET', '/api/getUser', { token: user.token })).body.data.emailVerified
}

async function verificationRow(userId: string) {
  return t.db.selectFrom('users').select(['email_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow()
}

it('sends a welcome e-mail whose single-use link confirms the address, which the account call then says', async () => {
  const user = await t.register()
  expect(await emailVerified(user)).toBe(false)

  const mail = lastMailTo(user.email.toLowerCase())
  expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@wandercards.test', name: 'Wandercards' }] })
  expect(mail.subject).toBe('Welcome to Wandercards: please confirm your e-mail address')
  expect(mail.text).toContain(`Hello ${user.username},`)
  expect(mail.text).toContain('The link works for 7 days.')
  const link = confirmationLinkOf(mail)
  expect(mail.html).toContain(`href="${link}"`)
  expect(mail.html).not.toMatch(/<img|src=|<link /i)
  const token = tokenOf(mail)
  expect(Buffer.from(token, 'base64url')).toHaveLength(32)

  // Stored only as the SHA-256 of its token, for the address it was sent to, for 7 days; the sent message keeps no copy.
  const stored = await t.db.selectFrom('email_verifications').selectAll().where('user_id', '=', user.userId).execute()
  expect(stored).toEqual([
    expect.objectContaining({
      token_hash: crypto.createHash('sha256').update(token).digest('hex'),
      email: user.email.toLowerCase(),
      used_at: null,
    }),
  ])
  expect(Date.parse(stored[0]?.expires_at ?? '') - Date.parse(stored[0]?.created_at ?? '')).toBe(7 * 86_400_000)
  const outbox = await t.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', user.userId).execute()
  expect(outbox).toEqual([expect.objectContaining({ kind: 'welcome', status: 'sent', payload: '{}' })])

  // Opened where nobody is logged in: the phone's mail app, say.
  const answer = await verify(token)
  expect(answer.status).toBe(200)
  expect(answer.body.data).toEqual({ email: user.email.toLowerCase() })
  expect(await emailVerified(user)).toBe(true)
  const { email_verified_at: verifiedAt } = await verificationRow(user.userId)

  // Used once: a second use is refused and changes nothing.
  const again = await verify(token, user.token)
  expect(again.status).toBe(400)
  expect(again.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.linkUsed)
  expect((await verificationRow(user.userId)).email_verified_at).toBe(verifiedAt)

  // Nothing left to resend.
  const resent = await resend(user)
  expect(resent.status).toBe(409)
  expect(resent.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.alreadyVerified)
})

it('refuses forged, expired and other accounts’ links, changing nothing', async () => {
  const owner = await t.register()
  const other = await t.register()
  const token = tokenOf(lastMailTo(owner.email.toLowerCase()))

  const forged = await verify(crypto.randomBytes(32).toString('base64url'))
  expect(forged.status).toBe(400)
  expect(forged.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.linkInvalid)

  const ofAnother = await verify(token, other.token)
  expect(ofAnother.status).toBe(400)
  expect(ofAnother.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.linkOfAnotherAccount)
  expect(await emailVerified(owner)).toBe(false)
  expect(await emailVerified(other)).toBe(false)

  pinClock(new Date(Date.now() + 7 * 86_400_000 + 1000))
  const expired = await verify(token)
  expect(expired.status).toBe(400)
  expect(expired.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.linkExpired)
  pinClock(null)
  expect(await emailVerified(owner)).toBe(false)
  const rows = await t.db
    .selectFrom('email_verifications')
    .select('used_at')
    .where('user_id', '=', owner.userId)
    .execute()
  expect(rows).toEqual([{ used_at: null }])

  // Still good within its week, opened in the owner's own session.
  expect((await verify(token, owner.token)).status).toBe(200)
})

it('refuses a link sent to an address the account no longer uses', async () => {
  const user = await t.register()
  const token = tokenOf(lastMailTo(user.email.toLowerCase()))
  await t.db
    .updateTable('users')
    .set({ email: `moved.${user.userId}@example.com` })
    .where('id', '=', user.userId)
    .execute()

  const answer = await verify(token)
  expect(answer.status).toBe(400)
  expect(answer.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.linkOfOldAddress)
  expect((await verificationRow(user.userId)).email_verified_at).toBeNull()
  const rows = await t.db
    .selectFrom('email_verifications')
    .select('used_at')
    .where('user_id', '=', user.userId)
    .execute()
  expect(rows).toEqual([{ used_at: null }])
})

it('Resend e-mails a new link; confirming with either ends the other', async () => {
  const user = await t.register()
  const welcomeToken = tokenOf(lastMailTo(user.email.toLowerCase()))

  const answer = await resend(user)
  expect(answer.status).toBe(200)
  expect(answer.body.data).toEqual({ email: user.email.toLowerCase() })
  const mail = lastMailTo(user.email.toLowerCase())
  expect(mail.subject).toBe('Confirm your e-mail address for Wandercards')
  const resentToken = tokenOf(mail)
  expect(resentToken).not.toBe(welcomeToken)

  expect((await verify(resentToken)).status).toBe(200)
  const old = await verify(welcomeToken)
  expect(old.status).toBe(400)
  expect(old.body.metadata.message).toBe(EMAIL_VERIFICATION_TEXTS.linkUsed)
})

it('limits Resend per account and per client address, refusing without recording a message', async () => {
  const user = await t.register()
  const outboxOf = async (userId: string) =>
    (await t.db.selectFrom('mail_outbox').select('id').where('user_id', '=', userId).execute()).length

  for (let i = 0; i < 3; i += 1) expect((await resend(user)).status).toBe(200)
  expect(await outboxOf(user.userId)).toBe(4)
  const flooded = await resend(user)
  expect(flooded.status).toBe(429)
  expect(flooded.body.metadata.message).toBe('Too many attempts. Please wait an hour and try again.')
  expect(await outboxOf(user.userId)).toBe(4)

  // One client address asking for many accounts is stopped too.
  const address = nextAddress()
  const accounts = await Promise.all(Array.from({ length: 11 }, () => t.register()))
  const statuses: number[] = []
  for (const account of accounts) statuses.push((await resend(account, address)).status)
  expect(statuses).toEqual([...Array<number>(10).fill(200), 429])
  expect(await outboxOf(accounts[10]?.userId ?? '')).toBe(1)
})

it("pays the inviter's reward when the invitee confirms, once", async () => {
  const inviter = await t.register()
  await t.app.mail?.settled()
  const invitee = await t.register({ friendCode: inviter.friendCode })
  const inviterCredit = async () =>
    (await t.call<User>('GET', '/api/getUser', { token: inviter.token })).body.data.digitalCredit
  expect(await inviterCredit()).toBe(0)

  const token = tokenOf(lastMailTo(invitee.email.toLowerCase()))
  expect((await verify(token)).status).toBe(200)
  expect(await inviterCredit()).toBe(10_000)
  const inbox = (await t.call<Notification[]>('GET', '/api/getNotifications', { token: inviter.token })).body.data
  expect(inbox.map((notification) => notification.notificationContent)).toEqual([
    `${invitee.username} confirmed their e-mail address. You received 10,000 digital credit.`,
    `${invitee.username} joined with your friend code. You receive 10,000 digital credit when they confirm their e-mail address.`,
  ])

  // Once: a race of links, or a later first card, pays nothing more.
  expect((await verify(token)).status).toBe(400)
  const ledger = await t.db
    .selectFrom('credit_ledger')
    .select(['amount', 'reason'])
    .where('user_id', '=', inviter.userId)
    .execute()
  expect(ledger).toEqual([{ amount: 10_000, reason: 'referral' }])
})

describe('password rules at sign-up', () => {
  const signUp = (password: string, email = `rules.${crypto.randomBytes(4).toString('hex')}@example.com`) =>
    t.call('POST', '/api/register', {
      body: { email, name: email.split('@')[0], password },
      remoteAddress: nextAddress(),
    })

  it.each([
    ['seven characters', 'short 7', REGISTRATION_PASSWORD_TEXTS.tooShort],
    ['a common password', 'Password123', REGISTRATION_PASSWORD_TEXTS.tooCommon],
    ['129 characters', 'x'.repeat(129), REGISTRATION_PASSWORD_TEXTS.tooLong],
  ])('refuses %s and creates nothing', async (_case, password, message) => {
    const email = `refused.${crypto.randomBytes(4).toString('hex')}@example.com`
    const answer = await signUp(password, email)
    expect(answer.status).toBe(400)
    expect(answer.body.metadata).toMatchObject({ status: false, errorCode: 'BadRequest', message })
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  it('takes 8 characters, counted as code points, with no rule on their kinds', async () => {
    expect((await signUp('ünïcødé😀')).status).toBe(200)
    expect((await signUp('lowercase only words')).status).toBe(200)
  })

  it('keeps a short password chosen before the rules working at login', async () => {
    const user = await t.register()
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('pw') })
      .where('id', '=', user.userId)
      .execute()
    const login = await t.call('POST', '/api/login', {
      body: { email: user.email, password: 'pw' },
      remoteAddress: nextAddress(),
    })
    expect(login.status).toBe(200)
  })
})
