import crypto from 'node:crypto'

import type { ParsedMail } from 'mailparser'

import {
  ACCOUNT_CHANGE_TEXTS,
  type ConfirmEmailChangeResult,
  type RequestEmailChangeResult,
  type UndoEmailChangeResult,
} from '@shared/accountChange'
import { PASSWORD_RESET_TEXTS } from '@shared/session'
import { pinClock } from '@server/lib/clock'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { startSmtpServer, type TestSmtpServer } from '@test/helpers/smtp'

/**
 * Changing the password and the e-mail address in My Account, end to end on the suite's database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): the calls, the real e-mail an SMTP server receives, the links in it, and what
 * each step changes, or, refused, leaves as it was.
 */
const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a slow boat to Lisbon'
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

/** Each link opened from an address of its own, so the per-address limit is not what a test meets. */
function nextAddress(): string {
  addressCounter += 1
  return `10.30.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`
}

/** The messages the SMTP server receives while `action` runs and the outbox is sent. */
async function mailsDuring(count: number, action: () => Promise<unknown>): Promise<ParsedMail[]> {
  const before = smtp.received.length
  await action()
  await t.app.mail?.settled()
  return (await smtp.waitForMessages(before + count)).slice(before)
}

function linkIn(mail: ParsedMail, page: string): string {
  const link = new RegExp(`http://wandercards\\.test/${page}#token=[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`no ${page} link in: ${mail.text}`)
  return link
}

const tokenIn = (mail: ParsedMail, page: string) => linkIn(mail, page).split('#token=')[1] as string

const login = (email: string, password: string) =>
  t.call<{ authKey: string }>('POST', '/api/login', { body: { email, password }, remoteAddress: nextAddress() })

const changePassword = (user: TestUser, currentPassword: string, newPassword: string) =>
  t.call<null>('POST', '/api/account/changePassword', { token: user.token, body: { currentPassword, newPassword } })

const requestEmailChange = (user: TestUser, newEmail: string, password = PASSWORD) =>
  t.call<RequestEmailChangeResult>('POST', '/api/account/requestEmailChange', {
    token: user.token,
    body: { password, newEmail },
  })

const confirm = (token: string, sessionToken?: string) =>
  t.call<ConfirmEmailChangeResult>('POST', '/api/account/confirmEmailChange', {
    body: { token },
    remoteAddress: nextAddress(),
    ...(sessionToken ? { token: sessionToken } : {}),
  })

const undo = (token: string, newPassword = NEW_PASSWORD) =>
  t.call<UndoEmailChangeResult>('POST', '/api/account/undoEmailChange', {
    body: { token, newPassword },
    remoteAddress: nextAddress(),
  })

async function storedUser(userId: string) {
  return t.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow()
}

const freshEmail = (name = 'new') => `${name}.${crypto.randomUUID()}@example.org`

describe('changing the password', () => {
  it('needs the current password, keeps this session, ends the others and tells the account by e-mail', async () => {
    const user = await t.register()
    const otherSession = (await login(user.email, PASSWORD)).body.data.authKey
    const before = await storedUser(user.userId)

    const wrong = await changePassword(user, 'not my password', NEW_PASSWORD)
    expect([wrong.status, wrong.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.wrongPassword])
    const same = await changePassword(user, PASSWORD, PASSWORD)
    expect([same.status, same.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.samePassword])
    for (const [password, message] of [
      ['short1', PASSWORD_RESET_TEXTS.tooShort],
      ['x'.repeat(129), PASSWORD_RESET_TEXTS.tooLong],
      ['Password1', PASSWORD_RESET_TEXTS.tooCommon],
    ]) {
      const refused = await changePassword(user, PASSWORD, password as string)
      expect([refused.status, refused.body.metadata.message]).toEqual([400, message])
    }
    // Refusals changed nothing and ended nothing.
    expect(await storedUser(user.userId)).toEqual(before)
    expect((await t.call('GET', '/api/getUser', { token: otherSession })).status).toBe(200)

    const [mail] = await mailsDuring(1, async () => {
      const answer = await changePassword(user, PASSWORD, NEW_PASSWORD)
      expect(answer.status).toBe(200)
      expect(answer.body.metadata.authorized).toBe(true)
    })
    expect(mail?.to).toMatchObject({ value: [{ address: user.email.toLowerCase() }] })
    expect(mail?.subject).toBe('Your Wandercards password was changed')
    expect(mail?.text).toContain(`Hello ${user.username},`)
    expect(mail?.text).toContain('http://wandercards.test/forgotPassword')
    // The e-mail never carries a password, old or new.
    for (const part of [mail?.text, mail?.html]) {
      expect(part).not.toContain(NEW_PASSWORD)
      expect(part).not.toContain(PASSWORD)
    }

    expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
    expect((await t.call('GET', '/api/getUser', { token: otherSession })).status).toBe(401)
    expect((await login(user.email, PASSWORD)).status).toBe(400)
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)
    expect(t.loggedErrors.join('\n')).not.toContain(NEW_PASSWORD)
  })

  it('makes a reset link asked for earlier useless', async () => {
    const user = await t.register()
    const [resetMail] = await mailsDuring(1, async () => {
      await t.call('POST', '/api/requestPasswordReset', { body: { email: user.email }, remoteAddress: nextAddress() })
      await t.app.background.settled()
    })
    await mailsDuring(1, () => changePassword(user, PASSWORD, NEW_PASSWORD))
    const reset = await t.call('POST', '/api/resetPassword', {
      body: { token: tokenIn(resetMail as ParsedMail, 'resetPassword'), newPassword: 'someone else entirely' },
      remoteAddress: nextAddress(),
    })
    expect([reset.status, reset.body.metadata.message]).toEqual([400, PASSWORD_RESET_TEXTS.linkUsed])
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('cancels a change of address asked for before, whose link then changes nothing', async () => {
    const user = await t.register()
    const [confirmMail] = await mailsDuring(1, () => requestEmailChange(user, freshEmail('Taken')))
    await mailsDuring(1, () => changePassword(user, PASSWORD, NEW_PASSWORD))
    const answer = await confirm(tokenIn(confirmMail as ParsedMail, 'confirmEmailChange'))
    expect(answer.status).toBe(400)
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
  })

  it('slows guessing the current password per account, as a login is per account', async () => {
    const user = await t.register()
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1)
      statuses.push((await changePassword(user, `guess number ${i}`, NEW_PASSWORD)).status)
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429])
    // The limit counts the account, so a second session of it does not start afresh.
    const second = (await login(user.email, PASSWORD)).body.data.authKey
    expect((await changePassword({ ...user, token: second }, PASSWORD, NEW_PASSWORD)).status).toBe(429)
    expect((await login(user.email, PASSWORD)).status).toBe(200)
  })

  it('needs a logged-in traveller', async () => {
    const answer = await t.call('POST', '/api/account/changePassword', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    })
    expect(answer.status).toBe(403)
  })
})

describe('changing the e-mail address', () => {
  it('takes effect once the new address confirms, tells the old one, which can undo it within 7 days', async () => {
    const user = await t.register()
    const otherSession = (await login(user.email, PASSWORD)).body.data.authKey
    const newEmail = freshEmail('Moved')

    const [confirmMail] = await mailsDuring(1, async () => {
      const answer = await requestEmailChange(user, newEmail)
      expect(answer.status).toBe(200)
      expect(answer.body.data.pendingEmail).toBe(newEmail.toLowerCase())
    })
    expect(confirmMail?.to).toMatchObject({ value: [{ address: newEmail.toLowerCase() }] })
    expect(confirmMail?.subject).toBe('Confirm your new e-mail address for Wandercards')
    const token = tokenIn(confirmMail as ParsedMail, 'confirmEmailChange')
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    // Nothing changes until the link is opened, and the link is kept only as its hash.
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
    const stored = await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.userId).execute()
    expect(stored).toEqual([
      expect.objectContaining({ token_hash: crypto.createHash('sha256').update(token).digest('hex') }),
    ])
    expect(JSON.stringify(stored)).not.toContain(token)

    const [changedMail] = await mailsDuring(1, async () => {
      const answer = await confirm(token)
      expect(answer.status).toBe(200)
      expect(answer.body.data).toEqual({ email: newEmail.toLowerCase() })
    })
    expect((await storedUser(user.userId)).email).toBe(newEmail.toLowerCase())
    // Sessions stay: whoever opened the link reads the new inbox.
    expect((await t.call('GET', '/api/getUser', { token: otherSession })).body.data).toMatchObject({
      email: newEmail.toLowerCase(),
    })
    expect((await login(newEmail, PASSWORD)).status).toBe(200)
    expect((await login(user.email, PASSWORD)).status).toBe(400)
    const used = await confirm(token)
    expect([used.status, used.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.confirmLinkUsed])

    expect(changedMail?.to).toMatchObject({ value: [{ address: user.email.toLowerCase() }] })
    expect(changedMail?.subject).toBe('The e-mail address of your Wandercards account was changed')
    expect(changedMail?.text).toContain(newEmail.toLowerCase())
    const undoToken = tokenIn(changedMail as ParsedMail, 'undoEmailChange')

    // Undoing needs a new password by the rules, and a refusal uses nothing up.
    const weak = await undo(undoToken, 'password')
    expect([weak.status, weak.body.metadata.message]).toEqual([400, PASSWORD_RESET_TEXTS.tooCommon])
    expect((await storedUser(user.userId)).email).toBe(newEmail.toLowerCase())

    pinClock(new Date(Date.now() + 6 * 86_400_000))
    const undone = await undo(undoToken)
    expect(undone.status).toBe(200)
    expect(undone.body.data).toEqual({ email: user.email.toLowerCase() })
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
    pinClock(null)
    // Every session ended; only the new password opens the account, at the old address.
    for (const session of [user.token, otherSession]) {
      expect((await t.call('GET', '/api/getUser', { token: session })).status).toBe(401)
    }
    expect((await login(user.email, PASSWORD)).status).toBe(400)
    expect((await login(newEmail, NEW_PASSWORD)).status).toBe(400)
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)
    const again = await undo(undoToken, 'yet another password')
    expect([again.status, again.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.undoLinkUsed])
    expect(t.loggedErrors.join('\n')).not.toContain(token)
    expect(t.loggedErrors.join('\n')).not.toContain(undoToken)
  })

  it('once undone, lets no other change’s undo link take the account away again', async () => {
    // Whoever knew the password moves the account to an address of theirs, then on to another: the second change's
    // undo link goes to their first address. The owner undoes the first change from the original address.
    const user = await t.register()
    const theirs = freshEmail('Theirs')
    const [firstConfirm] = await mailsDuring(1, () => requestEmailChange(user, theirs))
    const [firstChanged] = await mailsDuring(1, () =>
      confirm(tokenIn(firstConfirm as ParsedMail, 'confirmEmailChange')),
    )
    const [secondConfirm] = await mailsDuring(1, () => requestEmailChange(user, freshEmail('Further')))
    const [secondChanged] = await mailsDuring(1, () =>
      confirm(tokenIn(secondConfirm as ParsedMail, 'confirmEmailChange')),
    )
    expect(secondChanged?.to).toMatchObject({ value: [{ address: theirs.toLowerCase() }] })

    expect((await undo(tokenIn(firstChanged as ParsedMail, 'undoEmailChange'))).status).toBe(200)
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
    const retaken = await undo(tokenIn(secondChanged as ParsedMail, 'undoEmailChange'), 'their own new password')
    expect([retaken.status, retaken.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.undoLinkInvalid])
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses a wrong password, the same address, an invalid one, a line break and another account’s, changing nothing', async () => {
    const user = await t.register()
    const other = await t.register()
    const cases: [string, string, number, string | RegExp][] = [
      [freshEmail(), 'not my password', 400, ACCOUNT_CHANGE_TEXTS.wrongPassword],
      [user.email.toUpperCase(), PASSWORD, 400, ACCOUNT_CHANGE_TEXTS.sameEmail],
      [other.email, PASSWORD, 409, ACCOUNT_CHANGE_TEXTS.emailTaken],
      ['not an address', PASSWORD, 400, /newEmail/],
      [`${freshEmail()}\r\nBcc: victim@example.com`, PASSWORD, 400, /newEmail/],
      [`victim@example.com\nSubject: hi`, PASSWORD, 400, /newEmail/],
    ]
    for (const [newEmail, password, status, message] of cases) {
      const answer = await requestEmailChange(user, newEmail, password)
      expect({ newEmail, status: answer.status }).toEqual({ newEmail, status })
      expect(answer.body.metadata.message).toMatch(message)
    }
    expect(await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.userId).execute()).toEqual([])
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('user_id', '=', user.userId)
        .where('kind', '!=', 'welcome')
        .execute(),
    ).toEqual([])
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
  })

  it('refuses forged, expired, replaced and other accounts’ links, changing nothing', async () => {
    const user = await t.register()
    const stranger = await t.register()
    const first = await mailsDuring(1, () => requestEmailChange(user, freshEmail('first')))
    const second = await mailsDuring(1, () => requestEmailChange(user, freshEmail('second')))
    const replaced = tokenIn(first[0] as ParsedMail, 'confirmEmailChange')
    const latest = tokenIn(second[0] as ParsedMail, 'confirmEmailChange')

    const refusals: [string, string | undefined, string][] = [
      [crypto.randomBytes(32).toString('base64url'), undefined, ACCOUNT_CHANGE_TEXTS.confirmLinkInvalid],
      [replaced, undefined, ACCOUNT_CHANGE_TEXTS.confirmLinkUsed],
      [latest, stranger.token, ACCOUNT_CHANGE_TEXTS.linkOfAnotherAccount],
    ]
    for (const [token, session, message] of refusals) {
      const answer = await confirm(token, session)
      expect([answer.status, answer.body.metadata.message]).toEqual([400, message])
    }
    pinClock(new Date(Date.now() + 25 * 3_600_000))
    const expired = await confirm(latest)
    expect([expired.status, expired.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.confirmLinkExpired])
    pinClock(null)
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
    expect((await storedUser(stranger.userId)).email).toBe(stranger.email.toLowerCase())

    // An undo link that is forged, or past its 7 days, does nothing either.
    const forged = await undo(crypto.randomBytes(32).toString('base64url'))
    expect([forged.status, forged.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.undoLinkInvalid])
    const [changed] = await mailsDuring(1, () => confirm(latest, user.token))
    pinClock(new Date(Date.now() + 7 * 86_400_000 + 60_000))
    const late = await undo(tokenIn(changed as ParsedMail, 'undoEmailChange'))
    expect([late.status, late.body.metadata.message]).toEqual([400, ACCOUNT_CHANGE_TEXTS.undoLinkExpired])
    pinClock(null)
    expect((await login(user.email, PASSWORD)).status).toBe(400)
    expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
  })

  it('refuses the confirmation when another account took the address meanwhile', async () => {
    const user = await t.register()
    const wanted = freshEmail('wanted')
    const [mail] = await mailsDuring(1, () => requestEmailChange(user, wanted))
    await t.register({ email: wanted })
    const answer = await confirm(tokenIn(mail as ParsedMail, 'confirmEmailChange'))
    expect([answer.status, answer.body.metadata.message]).toEqual([409, ACCOUNT_CHANGE_TEXTS.emailTaken])
    expect((await storedUser(user.userId)).email).toBe(user.email.toLowerCase())
  })
})

describe('with e-mail switched off (MAIL=off)', () => {
  let off: TestApp
  beforeAll(async () => {
    off = await buildTestApp({ seed: false, env: { MAIL: 'off' } })
  })
  afterAll(() => off.close())

  it('changes the password without a message, and says the address cannot be changed here', async () => {
    const user = await off.register()
    const changed = await off.call('POST', '/api/account/changePassword', {
      token: user.token,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    })
    expect(changed.status).toBe(200)
    const answer = await off.call('POST', '/api/account/requestEmailChange', {
      token: user.token,
      body: { password: NEW_PASSWORD, newEmail: freshEmail() },
    })
    expect([answer.status, answer.body.metadata.message]).toEqual([503, ACCOUNT_CHANGE_TEXTS.mailOff])
    expect(await off.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([])
  })
})

describe('on two instances sharing Redis, each trusting a looked-up session for ten minutes', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    const env = {
      MAIL: 'off',
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
  })

  it('ends the other sessions on the other instance at once, and keeps the one that changed it', async () => {
    const user = await first.register()
    const login2 = await second.call<{ authKey: string }>('POST', '/api/login', {
      body: { email: user.email, password: PASSWORD },
    })
    const otherSession = login2.body.data.authKey
    // The second instance has looked both sessions up and would trust them for ten minutes.
    for (const session of [user.token, otherSession]) {
      expect((await second.call('GET', '/api/getUser', { token: session })).status).toBe(200)
    }
    const answer = await first.call('POST', '/api/account/changePassword', {
      token: user.token,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    })
    expect(answer.status).toBe(200)
    let status = 200
    for (let attempt = 0; status !== 401 && attempt < 200; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await second.call('GET', '/api/getUser', { token: otherSession })).status
    }
    expect(status).toBe(401)
    expect((await second.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
  })
})
