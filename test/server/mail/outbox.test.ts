import fs from 'node:fs'
import path from 'node:path'

import { simpleParser } from 'mailparser'

import { inTransaction } from '@server/db/transactions'
import { enqueueMail, purgeFinishedMail } from '@server/features/mail/service'
import { HeaderInjectionError } from '@server/features/mail/transport'
import { pinClock } from '@server/lib/clock'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { startSmtpServer, unusedPort, type TestSmtpServer } from '@test/helpers/smtp'

/**
 * E-mail delivery through the outbox (docs/product.md#e-mails), against a real SMTP server on the suite's database:
 * a server that is down or refusing delays mail and never fails the request or loses the message, and a message is
 * sent once, however many instances deliver.
 */
let addressCounter = 0
const nextAddress = () => `10.30.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

async function requestReset(t: TestApp, user: TestUser) {
  const answer = await t.call('POST', '/api/requestPasswordReset', {
    body: { email: user.email },
    remoteAddress: nextAddress(),
  })
  await t.app.background.settled()
  await t.app.mail?.settled()
  return answer
}

/** The user's reset messages (a sign-up also records a welcome e-mail). */
async function outboxOf(t: TestApp, user: TestUser) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_id', '=', user.userId)
    .where('kind', '=', 'passwordReset')
    .execute()
}

async function metric(t: TestApp, outcome: string): Promise<number> {
  const metrics = await t.app.metrics.registry.getSingleMetricAsString('mail_messages_total')
  const line = metrics
    .split('\n')
    .find((entry) => entry.includes('kind="passwordReset"') && entry.includes(`outcome="${outcome}"`))
  return line ? Number(line.split(' ').pop()) : 0
}

/** The outbox's backlog as /metrics shows it. */
async function backlog(t: TestApp): Promise<{ messages: number; oldestAgeSeconds: number }> {
  const value = async (name: string) =>
    Number((await t.app.metrics.registry.getSingleMetricAsString(name)).trim().split('\n').at(-1)?.split(' ').pop())
  return {
    messages: await value('mail_outbox_messages'),
    oldestAgeSeconds: await value('mail_outbox_oldest_age_seconds'),
  }
}

/** Moves the app's clock past any retry delay the outbox could have chosen so far. */
function later(minutes: number): void {
  pinClock(new Date(Date.now() + minutes * 60_000))
}

afterEach(() => pinClock(null))

describe('an SMTP server that is down, then up', () => {
  let port: number
  let t: TestApp
  let smtp: TestSmtpServer | null = null
  beforeAll(async () => {
    port = await unusedPort()
    t = await buildTestApp({
      seed: false,
      env: { SMTP_URL: `smtp://wandercards:smtp-test-password@127.0.0.1:${port}` },
    })
  })
  afterAll(async () => {
    await t.close()
    await smtp?.close()
  })

  it('delays the message without failing the request, then delivers it once', async () => {
    const user = await t.register()
    const answer = await requestReset(t, user)
    expect(answer.status).toBe(200)
    const [waiting] = await outboxOf(t, user)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting?.last_error).toBeTruthy()
    expect(await metric(t, 'retried')).toBe(1)
    expect((await backlog(t)).messages).toBe(2)

    smtp = await startSmtpServer(port)
    // Not due yet: the retry waits its delay.
    expect(await t.app.mail?.deliverDue()).toBe(0)
    later(2)
    // The reset and the welcome e-mail of the sign-up, waiting for two minutes now by the app's clock.
    expect(await backlog(t)).toEqual({ messages: 2, oldestAgeSeconds: expect.closeTo(120, -1) as number })
    expect(await t.app.mail?.deliverDue()).toBe(2)
    expect(await backlog(t)).toEqual({ messages: 0, oldestAgeSeconds: 0 })
    later(120)
    expect(await t.app.mail?.deliverDue()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(smtp.received).toHaveLength(2)
    expect(smtp.received.filter((mail) => mail.text?.includes('/resetPassword#token='))).toHaveLength(1)
    expect(await outboxOf(t, user)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, payload: '{}' })])
    expect(await metric(t, 'sent')).toBe(1)
  })
})

describe('an SMTP server that refuses, and two instances delivering at once', () => {
  let smtp: TestSmtpServer
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    smtp = await startSmtpServer()
    const env = { SMTP_URL: smtp.url }
    first = await buildTestApp({ seed: false, env })
    second = await buildTestApp({ seed: false, env, joining: first })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
    await smtp.close()
  })

  it('retries a refused message, leaving the request unaffected', async () => {
    const user = await first.register()
    smtp.refusing = true
    expect((await requestReset(first, user)).status).toBe(200)
    expect(smtp.refused).toBe(1)
    expect(await outboxOf(first, user)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })])
    expect(await metric(first, 'retried')).toBe(1)

    smtp.refusing = false
    const before = smtp.received.length
    later(2)
    await first.app.mail?.deliverDue()
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([
      expect.objectContaining({ value: [expect.objectContaining({ address: user.email.toLowerCase() })] }),
    ])
  })

  it('sends each message once when two instances deliver at the same moment', async () => {
    const users = [await first.register(), await first.register(), await first.register(), await second.register()]
    smtp.refusing = true
    for (const user of users) await requestReset(user === users[3] ? second : first, user)
    smtp.refusing = false
    const before = smtp.received.length
    later(2)
    const [a, b] = await Promise.all([first.app.mail?.deliverDue(), second.app.mail?.deliverDue()])
    expect((a ?? 0) + (b ?? 0)).toBe(users.length)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const delivered = smtp.received.slice(before).map((mail) => mail.to)
    expect(delivered).toHaveLength(users.length)
    for (const user of users) {
      expect(await outboxOf(first, user)).toEqual([expect.objectContaining({ status: 'sent' })])
    }
  })

  it('waits, when settled, for a run the periodic job started as for one it nudged', async () => {
    const user = await first.register()
    smtp.refusing = true
    await requestReset(first, user)
    smtp.refusing = false
    later(2)
    const before = smtp.received.length
    // As the periodic job runs it: nobody awaits this run, so only settled() can say when its message has left.
    void first.app.mail?.deliverDue()
    await first.app.mail?.settled()
    expect(smtp.received.slice(before)).toHaveLength(1)
  })

  it('escapes every value in the HTML part', async () => {
    const user = await first.register()
    await first.db.updateTable('users').set({ username: '<b>Ann</b> & "co"' }).where('id', '=', user.userId).execute()
    const before = smtp.received.length
    await requestReset(first, user)
    const [mail] = (await smtp.waitForMessages(before + 1)).slice(before)
    expect(mail?.html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;co&quot;,')
    expect(mail?.html).not.toContain('<b>Ann</b>')
    expect(mail?.text).toContain('Hello <b>Ann</b> & "co",')
  })

  it('refuses a line break in a header value (header injection) before recording anything', async () => {
    const user = await first.register()
    await expect(
      inTransaction(first.db, (trx) =>
        enqueueMail(trx, {
          kind: 'passwordReset',
          userId: user.userId,
          to: `${user.email}\r\nBcc: everyone@example.com`,
          payload: { username: 'x', token: 'y' },
        }),
      ),
    ).rejects.toBeInstanceOf(HeaderInjectionError)
    expect(await outboxOf(first, user)).toEqual([])
  })
})

describe('the outbox purge', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { MAIL: 'on' } })
  })
  afterAll(() => t.close())

  it('deletes sent and given-up messages after 30 days, never one still waiting', async () => {
    const user = await t.register()
    await requestReset(t, user)
    await requestReset(t, user)
    const [sent, waiting] = await outboxOf(t, user)
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'pending' })
      .where('id', '=', waiting?.id ?? '')
      .execute()
    const in31Days = new Date(Date.now() + 31 * 86_400_000)
    expect(await purgeFinishedMail(t.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0)
    // The sent reset and the sent welcome e-mail of the sign-up.
    expect(await purgeFinishedMail(t.db, in31Days)).toBe(2)
    expect((await outboxOf(t, user)).map((row) => row.id)).toEqual([waiting?.id])
    expect(sent?.status).toBe('sent')
  })
})

describe('without SMTP_URL (a fresh machine)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, logLevel: 'info' })
  })
  afterAll(() => t.close())

  it('writes each message as an .eml file under DATA_DIR and logs its link, labelled', async () => {
    const user = await t.register()
    await requestReset(t, user)
    const folder = path.join(t.config.dataDir, 'mail')
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.eml'))
    // The sign-up's welcome e-mail, then the reset.
    expect(files).toHaveLength(2)
    const mails = await Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(folder, file)))))
    const mail = mails.find((parsed) => parsed.text?.includes('/resetPassword#token=')) ?? mails[0]
    if (!mail) throw new Error('no mail written')
    const link = /http:\/\/wandercards\.test\/resetPassword#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    const logged = t.loggedErrors.find((line) => line.includes('DEVELOPMENT MAILBOX') && line.includes('resetPassword'))
    expect(logged).toContain(link)
    expect(await outboxOf(t, user)).toEqual([expect.objectContaining({ status: 'sent' })])
  })
})
