import type { ParsedMail } from 'mailparser'
import Stripe from 'stripe'

import type { EmailPreferences } from '@shared/mail'
import { UNSUBSCRIBE_TEXTS } from '@shared/mail'
import type { Memory } from '@shared/memories'
import type { CreatePaymentIntentResult, VerifyPaymentIntentResult } from '@shared/wallet'
import { eraseDueAccounts } from '@server/features/account/deletion'
import { announcePhysicalCards, recordDueDigests } from '@server/features/mail/subscriptions'
import { UnsubscribeSigner } from '@server/features/mail/unsubscribe'
import { returningMemoryLines } from '@server/features/memories/onThisDay'
import { seedCreditProducts } from '@server/features/wallet/seedCreditProducts'
import { pinClock } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { startSmtpServer, type TestSmtpServer } from '@test/helpers/smtp'

import { cardsOfRarity, createMemory, makeFriends } from '../memories/fixtures'
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from '../wallet/stripeStandIn'

/**
 * The e-mails the product owes its travellers (docs/product.md#e-mails), read from a real SMTP server on the suite's
 * database: the purchase receipt (once, however many paths fulfil the payment), "Get Notified" and the operator's
 * announcement, the deletion mails, and the daily digest with its one-click unsubscribe (RFC 8058).
 */
const WEBHOOK_SECRET = 'whsec_wandercards_test'
const stripeSigner = new Stripe('sk_test_signer')
const DAY_MS = 86_400_000

let t: TestApp
let smtp: TestSmtpServer
let stripe: StripeStandIn

beforeAll(async () => {
  smtp = await startSmtpServer()
  stripe = await startStripeStandIn()
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_wandercards',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_wandercards',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      RATE_LIMITS: 'off',
    },
  })
  await seedCreditProducts(t.db)
}, 60_000)
afterAll(async () => {
  await t.close()
  await stripe.close()
  await smtp.close()
})
afterEach(() => pinClock(null))

/** Sends what the outbox holds now and answers the messages that reached `user` since `before`. */
async function mailTo(user: TestUser, before: number): Promise<ParsedMail[]> {
  await t.app.background.settled()
  await t.app.mail?.settled()
  await t.app.mail?.deliverDue()
  const address = user.email.toLowerCase()
  return smtp.received.slice(before).filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
    return to.some((entry) => entry.value.some((value) => value.address === address))
  })
}

/** A header as it was sent, unfolded: mailparser's parsed `headers` turn List-* headers into objects. */
function header(mail: ParsedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((entry) => entry.key === name.toLowerCase())?.line
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim()
}

/** The one-click address of a digest or announcement, from its List-Unsubscribe header. */
function unsubscribeUrl(mail: ParsedMail | undefined): URL {
  const raw = present(header(mail, 'list-unsubscribe'), 'List-Unsubscribe')
  const link = present(/<(https?:\/\/[^>]+)>/.exec(raw)?.[1], 'the link of List-Unsubscribe')
  return new URL(link)
}

async function oneClick(path: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
}

describe('the purchase receipt', () => {
  function succeededEvent(intent: StandInIntent): string {
    return JSON.stringify({
      id: `evt_${intent.id}`,
      object: 'event',
      api_version: '2025-08-27.basil',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    })
  }

  async function buy(user: TestUser): Promise<StandInIntent> {
    const { body } = await t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
      token: user.token,
      body: { selectedCreditProduct: 2 },
    })
    return present(
      [...stripe.intents.values()].find((intent) => intent.client_secret === body.data.clientSecret),
      'the created payment intent',
    )
  }

  it('is sent once when the verify call and the signed webhook both fulfil the payment, with amount, credit, date and reference', async () => {
    const user = await t.register({ confirmed: true })
    const before = smtp.received.length
    const intent = await buy(user)
    const payload = succeededEvent(stripe.succeed(intent.id))
    const [verified, webhook] = await Promise.all([
      t.call<VerifyPaymentIntentResult>('POST', '/api/payment/verifyPaymentIntent', {
        token: user.token,
        body: { paymentIntentId: intent.id },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSigner.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      }),
    ])
    expect(verified.status).toBe(200)
    expect(webhook.statusCode).toBe(200)
    // And once more each, as Stripe retries and a reload verifies again.
    await t.call('POST', '/api/payment/verifyPaymentIntent', {
      token: user.token,
      body: { paymentIntentId: intent.id },
    })

    const mails = await mailTo(user, before)
    expect(mails).toHaveLength(1)
    const [receipt] = mails
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('provider_payment_id', '=', intent.id)
      .executeTakeFirstOrThrow()
    expect(receipt?.subject).toBe('Your Wandercards receipt')
    const amount = `${payment.currency.toUpperCase()} ${(payment.amount_cents / 100).toFixed(2)}`
    const credit = new Intl.NumberFormat('en-US').format(payment.credit_value)
    expect(receipt?.text).toContain(`Amount paid: ${amount}`)
    expect(receipt?.text).toContain(`Credit received: ${credit} digital credit`)
    expect(receipt?.text).toContain(`Date: ${present(payment.fulfilled_at, 'fulfilled_at').slice(0, 10)}`)
    expect(receipt?.text).toContain(`Payment reference: ${intent.id}`)
    expect(receipt?.html).toContain(intent.id)
    // Transactional: no unsubscribe headers, no pictures or remote resources that could track the reader.
    expect(header(receipt, 'list-unsubscribe')).toBeUndefined()
    expect(receipt?.html).not.toMatch(/<img|src=/i)
    const rows = await t.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'purchaseReceipt').execute()
    expect(rows.filter((row) => row.user_id === user.userId)).toHaveLength(1)
  })
})

describe('"Get Notified" for physical cards and the announcement', () => {
  it('announces to no one whose address is unconfirmed or whose account is to be deleted', async () => {
    const unconfirmed = await t.register()
    const leaving = await t.register({ confirmed: true })
    const before = smtp.received.length
    for (const user of [unconfirmed, leaving]) {
      await t.call('POST', '/api/mail/requestPhysicalCardsNotice', { token: user.token })
    }
    await t.call('POST', '/api/account/requestDeletion', { token: leaving.token, body: { username: leaving.username } })
    await announcePhysicalCards(t.db)
    await t.app.mail?.deliverDue()
    expect(await mailTo(unconfirmed, before)).toEqual([])
    expect((await mailTo(leaving, before)).map((mail) => mail.subject)).not.toContain(
      'Physical Wandercards cards are available',
    )
  })

  it('stores one request per account and announces once to each, with one-click unsubscribe', async () => {
    const asker = await t.register({ confirmed: true })
    const changedMind = await t.register({ confirmed: true })
    const before = smtp.received.length
    for (const user of [asker, asker, changedMind]) {
      const answer = await t.call('POST', '/api/mail/requestPhysicalCardsNotice', { token: user.token })
      expect(answer.status).toBe(200)
    }
    const stored = await t.db
      .selectFrom('physical_card_requests')
      .selectAll()
      .where('user_id', 'in', [asker.userId, changedMind.userId])
      .execute()
    expect(stored).toHaveLength(2)
    expect(await mailTo(asker, before)).toEqual([])

    expect(await announcePhysicalCards(t.db)).toBeGreaterThanOrEqual(2)
    expect(await announcePhysicalCards(t.db)).toBe(0)
    const [announcement, ...more] = await mailTo(asker, before)
    expect(more).toEqual([])
    expect(announcement?.subject).toBe('Physical Wandercards cards are available')
    expect(announcement?.text).toContain('http://wandercards.test/acquireCards')
    expect(header(announcement, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const link = unsubscribeUrl(announcement)
    expect(link.origin).toBe('http://wandercards.test')
    expect(announcement?.text).toContain(link.href)
    expect(await mailTo(changedMind, before)).toHaveLength(1)
  })

  it('a request unsubscribed before the announcement gets none', async () => {
    const user = await t.register({ confirmed: true })
    await t.call('POST', '/api/mail/requestPhysicalCardsNotice', { token: user.token })
    const token = new UnsubscribeSigner(t.config.mediaSigningSecret).sign(user.userId, 'physicalCards')
    const answer = await oneClick(`/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain(UNSUBSCRIBE_TEXTS.done.physicalCards)
    const before = smtp.received.length
    await announcePhysicalCards(t.db)
    expect(await mailTo(user, before)).toEqual([])
  })
})

describe('account deletion', () => {
  it('mails the date and how to cancel when asked, and a farewell when done, keeping no address after', async () => {
    const user = await t.register()
    const before = smtp.received.length
    const asked = await t.call<{ deletionDueAt: string }>('POST', '/api/account/requestDeletion', {
      token: user.token,
      body: { username: user.username },
    })
    expect(asked.status).toBe(200)
    const [requested, ...others] = await mailTo(user, before)
    expect(others).toEqual([])
    const date = asked.body.data.deletionDueAt.slice(0, 10)
    expect(requested?.subject).toBe(`Your Wandercards account will be deleted on ${date}`)
    expect(requested?.text).toContain(`Log in before ${date} and the deletion is cancelled.`)
    expect(requested?.text).toContain('http://wandercards.test/login')
    expect(header(requested, 'list-unsubscribe')).toBeUndefined()

    const quiet = { error: () => undefined }
    expect(await eraseDueAccounts(t.db, t.app.blobs, new Date(Date.now() + 15 * DAY_MS), quiet)).toBeGreaterThan(0)
    const [farewell] = await mailTo(user, before + 1)
    expect(farewell?.subject).toBe('Your Wandercards account has been deleted')
    expect(farewell?.text).toContain(`Your Wandercards account ${user.username} has been deleted`)
    // The erased account's address and name are gone from the outbox once the farewell is sent.
    const leftovers = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where((eb) =>
        eb.or([eb('recipient', '=', user.email.toLowerCase()), eb('payload', 'like', `%${user.username}%`)]),
      )
      .execute()
    expect(leftovers).toEqual([])
    const sentFarewell = await t.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'accountDeleted').execute()
    expect(sentFarewell.every((row) => row.status === 'sent' && row.recipient === '' && row.user_id === null)).toBe(
      true,
    )
  })
})

describe('the daily digest', () => {
  let cardId: string
  beforeAll(async () => {
    ;[cardId] = await cardsOfRarity(t, 2, 1)
  })

  async function setDigest(user: TestUser, notificationDigest: boolean) {
    return t.call<EmailPreferences>('POST', '/api/mail/setEmailPreferences', {
      token: user.token,
      body: { notificationDigest },
    })
  }

  it('is off by default, and turned on in My Account', async () => {
    const user = await t.register({ confirmed: true })
    const read = await t.call<EmailPreferences>('GET', '/api/mail/getEmailPreferences', { token: user.token })
    expect(read.body.data).toEqual({ notificationDigest: false })
    expect((await setDigest(user, true)).body.data).toEqual({ notificationDigest: true })
    expect((await setDigest(user, true)).body.data).toEqual({ notificationDigest: true })
    const again = await t.call<EmailPreferences>('GET', '/api/mail/getEmailPreferences', { token: user.token })
    expect(again.body.data).toEqual({ notificationDigest: true })
    expect((await setDigest(user, false)).body.data).toEqual({ notificationDigest: false })
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/mail/getEmailPreferences',
      headers: { 'x-api-key': API_KEY },
    })
    expect(visitor.statusCode).toBe(403)
  })

  it("mails a day's likes, comments and friend adds once, with List-Unsubscribe and List-Unsubscribe-Post", async () => {
    const author = await t.register({ confirmed: true })
    const reader = await t.register({ confirmed: true })
    const notSubscribed = await t.register({ confirmed: true })
    await setDigest(author, true)
    const memoryId = await createMemory(t, author, cardId)
    await t.call('POST', '/api/memory/likeMemory', { token: reader.token, body: { memoryId } })
    await t.call('POST', '/api/memory/postComment', {
      token: reader.token,
      body: { memoryId, commentContent: 'What a view <b>& more</b>' },
    })
    await t.call('POST', '/api/friends/addFriend', { token: reader.token, body: { friendCode: author.friendCode } })
    await t.call('POST', '/api/friends/addFriend', {
      token: author.token,
      body: { friendCode: notSubscribed.friendCode },
    })
    const before = smtp.received.length

    // Not due before its day is over.
    expect(await recordDueDigests(t.db, new Date(Date.now() + DAY_MS / 2))).toBe(0)
    const dayLater = new Date(Date.now() + DAY_MS + 60_000)
    pinClock(dayLater)
    expect(await recordDueDigests(t.db, dayLater)).toBeGreaterThanOrEqual(1)
    expect(await recordDueDigests(t.db, dayLater)).toBe(0)
    const [digest, ...more] = await mailTo(author, before)
    expect(more).toEqual([])
    expect(await mailTo(notSubscribed, before)).toEqual([])
    expect(digest?.subject).toBe('Your day on Wandercards: 3 new notifications')
    expect(digest?.text).toContain(`- New like on your memory: ${reader.username} liked your memory of`)
    expect(digest?.text).toContain(`- New comment on your memory: ${reader.username} commented on your memory of`)
    expect(digest?.text).toContain(`- New friend: ${reader.username} added you as a friend.`)
    expect(digest?.html).toContain('What a view &lt;b&gt;&amp; more&lt;/b&gt;')
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const link = unsubscribeUrl(digest)
    expect(link.pathname).toBe('/unsubscribe')

    // The link's page asks first (a link scanner's GET changes nothing)…
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain(UNSUBSCRIBE_TEXTS.confirm.notificationDigest)
    const stillOn = await t.call<EmailPreferences>('GET', '/api/mail/getEmailPreferences', { token: author.token })
    expect(stillOn.body.data).toEqual({ notificationDigest: true })

    // …and the mail client's one-click POST, without a session or the app's key, unsubscribes.
    const clicked = await oneClick(link.pathname + link.search)
    expect(clicked.statusCode).toBe(200)
    expect(clicked.body).toContain(UNSUBSCRIBE_TEXTS.done.notificationDigest)
    expect((await oneClick(link.pathname + link.search)).statusCode).toBe(200)
    const off = await t.call<EmailPreferences>('GET', '/api/mail/getEmailPreferences', { token: author.token })
    expect(off.body.data).toEqual({ notificationDigest: false })
  })

  it('refuses a forged token or one altered to name another traveller, and changes nothing', async () => {
    const mine = await t.register({ confirmed: true })
    const victim = await t.register({ confirmed: true })
    await setDigest(victim, true)
    const signer = new UnsubscribeSigner(t.config.mediaSigningSecret)
    const myToken = signer.sign(mine.userId, 'notificationDigest')
    const mac = present(myToken.split('.')[2], 'the signature')
    const otherSecret = new UnsubscribeSigner('another secret').sign(victim.userId, 'notificationDigest')
    const forgeries = [
      `notificationDigest.${victim.userId}.${mac}`,
      otherSecret,
      `physicalCards.${mine.userId}.${mac}`,
      `notificationDigest.${victim.userId}`,
      '',
      'x'.repeat(500),
    ]
    for (const token of forgeries) {
      const answer = await oneClick(`/unsubscribe?token=${encodeURIComponent(token)}`)
      expect(answer.statusCode).toBe(400)
      expect(answer.body).toContain(UNSUBSCRIBE_TEXTS.invalid)
      const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${encodeURIComponent(token)}` })
      expect(page.statusCode).toBe(400)
    }
    const still = await t.call<EmailPreferences>('GET', '/api/mail/getEmailPreferences', { token: victim.token })
    expect(still.body.data).toEqual({ notificationDigest: true })
  })

  it('leaves out what was read in the app meanwhile, and notices that are not social', async () => {
    const user = await t.register({ confirmed: true })
    const friend = await t.register({ confirmed: true })
    await setDigest(user, true)
    await t.call('POST', '/api/friends/addFriend', { token: friend.token, body: { friendCode: user.friendCode } })
    await t.call('POST', '/api/readAllNotifications', { token: user.token })
    const memoryId = await createMemory(t, user, cardId)
    await t.call('POST', '/api/memory/likeMemory', { token: friend.token, body: { memoryId } })
    await t.db
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        user_id: user.userId,
        title: 'Your referral reward arrived',
        content: 'Not for the digest.',
        created_at: new Date().toISOString(),
        read_at: null,
        link: null,
      })
      .execute()
    const before = smtp.received.length
    const dayLater = new Date(Date.now() + DAY_MS + 60_000)
    pinClock(dayLater)
    await recordDueDigests(t.db, dayLater)
    const [digest] = await mailTo(user, before)
    expect(digest?.subject).toBe('Your day on Wandercards: 1 new notification')
    expect(digest?.text).toContain('- New like on your memory:')
    expect(digest?.text).not.toContain('New friend')
    expect(digest?.text).not.toContain('Not for the digest.')
  })

  it('carries a trip invitation, which waits for an answer like a friend’s comment does', async () => {
    const user = await t.register({ confirmed: true })
    const owner = await t.register({ confirmed: true })
    await makeFriends(t, user, owner)
    await t.call('POST', '/api/readAllNotifications', { token: user.token })
    await setDigest(user, true)
    const created = await t.call<{ tripId: string }>('POST', '/api/trip/createTrip', {
      token: owner.token,
      body: { title: 'Alps by rail', visibility: 2, memoryIds: [] },
    })
    await t.call('POST', '/api/trip/inviteToTrip', {
      token: owner.token,
      body: { tripId: created.body.data.tripId, userId: user.userId },
    })
    const before = smtp.received.length
    const dayLater = new Date(Date.now() + DAY_MS + 60_000)
    pinClock(dayLater)
    await recordDueDigests(t.db, dayLater)
    const [digest] = await mailTo(user, before)
    expect(digest?.text).toContain('- Trip invitation:')
  })

  it('leaves out what a traveller blocked either way caused, as the app does', async () => {
    const user = await t.register({ confirmed: true })
    const blocked = await t.register({ confirmed: true })
    const other = await t.register({ confirmed: true })
    await setDigest(user, true)
    const memoryId = await createMemory(t, user, cardId)
    await t.call('POST', '/api/memory/likeMemory', { token: blocked.token, body: { memoryId } })
    await t.call('POST', '/api/memory/likeMemory', { token: other.token, body: { memoryId } })
    await t.call('POST', '/api/blocks/blockTraveller', { token: user.token, body: { travellerId: blocked.userId } })
    const before = smtp.received.length
    const dayLater = new Date(Date.now() + DAY_MS + 60_000)
    pinClock(dayLater)
    await recordDueDigests(t.db, dayLater)
    const [digest] = await mailTo(user, before)
    expect(digest?.subject).toBe('Your day on Wandercards: 1 new notification')
    expect(digest?.text).toContain(`${other.username} liked your memory`)
    expect(digest?.text).not.toContain(blocked.username)
  })

  it("brings back the traveller's memories of the digest's day in earlier years, on a day without notifications too", async () => {
    const user = await t.register({ confirmed: true })
    await setDigest(user, true)
    const dayLater = new Date(Date.now() + DAY_MS + 60_000)
    const day = dayLater.toISOString().slice(0, 10)
    // Four years: the same day exists then, 29 February included.
    const fourYearsBefore = `${Number(day.slice(0, 4)) - 4}${day.slice(4)}`
    const memoryId = await createMemory(t, user, cardId, {
      memoryStartDate: fourYearsBefore,
      memoryEndDate: fourYearsBefore,
    })
    // A memory of another day stays out.
    const otherDay = new Date(dayLater.getTime() - 40 * DAY_MS).toISOString().slice(0, 10)
    const otherDayBefore = `${Number(otherDay.slice(0, 4)) - 8}${otherDay.slice(4)}`
    await createMemory(t, user, cardId, { memoryStartDate: otherDayBefore, memoryEndDate: otherDayBefore })
    const memory = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: user.token })
    const before = smtp.received.length
    pinClock(dayLater)
    await recordDueDigests(t.db, dayLater, returningMemoryLines(t.db))
    const [digest, ...more] = await mailTo(user, before)
    expect(more).toEqual([])
    const line = `4 years ago today: ${memory.body.data.cardName}`
    expect(digest?.subject).toBe(`On this day on Wandercards: ${line}`)
    expect(digest?.text).toContain(`- ${line} (`)
    expect(digest?.text).toContain(`/viewMemory/${memoryId})`)
    expect(digest?.text).not.toContain('Here is what happened')
    expect(digest?.html).toContain(`/viewMemory/${memoryId}"`)
  })

  it('sends nothing on a day without notifications, and moves on to the next day', async () => {
    const user = await t.register({ confirmed: true })
    await setDigest(user, true)
    const before = smtp.received.length
    const dayLater = new Date(Date.now() + DAY_MS + 60_000)
    pinClock(dayLater)
    await recordDueDigests(t.db, dayLater)
    expect(await mailTo(user, before)).toEqual([])
    const subscription = await t.db
      .selectFrom('mail_digest_subscriptions')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(subscription.covered_until).toBe(dayLater.toISOString())
  })
})
