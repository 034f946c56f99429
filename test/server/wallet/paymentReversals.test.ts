import Stripe from 'stripe'

import type { CreatePaymentIntentResult } from '@shared/wallet'
import { PAYMENT_REVERSAL_TEXTS } from '@shared/wallet'
import { STRIPE_API_VERSION } from '@server/features/wallet/payments/stripeProvider'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { startStripeStandIn, type StandInIntent, type StripeStandIn } from './stripeStandIn'
import { expectEveryLedgerToMatchBalances } from './walletKit'

const WEBHOOK_SECRET = 'whsec_wandercards_reversals'
const signer = new Stripe('sk_test_signer')

/** Product 1: 10,000 digital credits for $1.99; product 5: 5,000 physical credits for $4.99. */
const SMALL_PACK = 1
const SMALL_PACK_CENTS = 199
const SMALL_PACK_CREDIT = 10_000
const DRAW_PRICE = 1_500

describe('Refunds and disputes from the Stripe webhook', () => {
  let t: TestApp
  let stripe: StripeStandIn
  let eventCount = 0
  beforeAll(async () => {
    stripe = await startStripeStandIn()
    t = await buildTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_wandercards',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_wandercards',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(stripe.port),
        STRIPE_API_PROTOCOL: 'http',
        RATE_LIMITS: 'off',
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  function event(type: string, object: object, id = `evt_${(eventCount += 1)}_${type}`): string {
    return JSON.stringify({ id, object: 'event', api_version: STRIPE_API_VERSION, type, data: { object } })
  }
  async function sendWebhook(payload: string) {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    })
    expect(response.statusCode).toBe(200)
    return response.json()
  }
  async function buyAndPay(user: TestUser, product = SMALL_PACK): Promise<StandInIntent> {
    const { body } = await t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
      token: user.token,
      body: { selectedCreditProduct: product },
    })
    const intent = present(
      [...stripe.intents.values()].find((candidate) => candidate.client_secret === body.data.clientSecret),
      'the created payment intent',
    )
    await sendWebhook(event('payment_intent.succeeded', stripe.succeed(intent.id)))
    return intent
  }
  function refunded(intent: StandInIntent, amountRefunded: number) {
    return event('charge.refunded', {
      id: `ch_${intent.id}`,
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= intent.amount,
    })
  }
  function dispute(type: string, intent: StandInIntent, disputeId: string, status: string, id?: string) {
    return event(
      `charge.dispute.${type}`,
      {
        id: disputeId,
        object: 'dispute',
        charge: `ch_${intent.id}`,
        payment_intent: intent.id,
        amount: intent.amount,
        status,
      },
      id,
    )
  }
  async function wallet(user: TestUser) {
    return t.db
      .selectFrom('users')
      .select(['digital_credit', 'physical_credit', 'digital_credit_owed', 'physical_credit_owed'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
  }
  async function ledger(user: TestUser) {
    return t.db
      .selectFrom('credit_ledger')
      .select(['reason', 'amount'])
      .where('user_id', '=', user.userId)
      .orderBy('created_at')
      .orderBy('amount', 'desc')
      .execute()
  }
  async function draw(user: TestUser) {
    return t.call<{ userData: { digitalCredit: number } }>('GET', '/api/drawCard', { token: user.token })
  }
  async function notifications(user: TestUser) {
    return t.db.selectFrom('notifications').select(['title', 'content']).where('user_id', '=', user.userId).execute()
  }
  async function reversalMail(user: TestUser) {
    return t.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'payload'])
      .where('user_id', '=', user.userId)
      .where('kind', '=', 'purchaseReversed')
      .execute()
  }

  it('takes back a fully refunded purchase once, tells the traveller, and ignores replays', async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user)
    expect((await wallet(user)).digital_credit).toBe(SMALL_PACK_CREDIT)
    const payload = refunded(intent, SMALL_PACK_CENTS)
    await Promise.all([sendWebhook(payload), sendWebhook(payload), sendWebhook(payload)])
    await sendWebhook(payload)
    expect(await wallet(user)).toMatchObject({ digital_credit: 0, digital_credit_owed: 0 })
    expect(await ledger(user)).toEqual([
      { reason: 'purchase', amount: SMALL_PACK_CREDIT },
      { reason: 'refund', amount: -SMALL_PACK_CREDIT },
    ])
    expect(await notifications(user)).toContainEqual({
      title: PAYMENT_REVERSAL_TEXTS.refundTitle,
      content: PAYMENT_REVERSAL_TEXTS.refund(SMALL_PACK_CREDIT, 0),
    })
    const mail = await reversalMail(user)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.recipient).toBe(user.email)
    const events = await t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('provider_payment_id', '=', intent.id)
      .execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ outcome: 'reversed', credit_taken: SMALL_PACK_CREDIT, credit_owed: 0 })
  })

  it('takes back a partial refund in proportion, and a late older event takes nothing more', async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user, 2) // 60,000 credits for $9.99
    await sendWebhook(refunded(intent, 333)) // a third
    expect((await wallet(user)).digital_credit).toBe(60_000 - 20_000)
    await sendWebhook(refunded(intent, 999)) // then the rest
    expect((await wallet(user)).digital_credit).toBe(0)
    await sendWebhook(refunded(intent, 333)) // the first total again, under a new event id
    expect((await wallet(user)).digital_credit).toBe(0)
    expect((await ledger(user)).filter((row) => row.reason === 'refund').map((row) => row.amount)).toEqual([
      -20_000, -40_000,
    ])
  })

  it('applies refunds that arrive out of order: the larger total first, the smaller one changes nothing', async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user, 2)
    // An address no longer confirmed (changed meanwhile): told by a notification only.
    await t.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', user.userId).execute()
    await sendWebhook(refunded(intent, 999))
    await sendWebhook(refunded(intent, 500))
    expect(await wallet(user)).toMatchObject({ digital_credit: 0, digital_credit_owed: 0 })
    expect(await reversalMail(user)).toEqual([])
    expect((await notifications(user)).filter((row) => row.title === PAYMENT_REVERSAL_TEXTS.refundTitle)).toHaveLength(
      1,
    )
  })

  it('acknowledges a refund of a payment it does not know, changing nothing', async () => {
    const before = await t.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
    const answer = await sendWebhook(
      event('charge.refunded', {
        id: 'ch_nobody',
        object: 'charge',
        payment_intent: 'pi_nobody',
        amount: 500,
        amount_refunded: 500,
      }),
    )
    expect(answer).toEqual({ received: true })
    await sendWebhook(
      event('charge.refunded', {
        id: 'ch_none',
        object: 'charge',
        payment_intent: null,
        amount: 5,
        amount_refunded: 5,
      }),
    )
    const after = await t.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
    const recorded = await t.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('provider_payment_id', '=', 'pi_nobody')
      .execute()
    expect(recorded).toEqual([{ outcome: 'unknownPayment' }])
  })

  it('turns spent credit into a negative balance that refuses every spend until a purchase settles it', async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user)
    expect((await draw(user)).status).toBe(200)
    await sendWebhook(refunded(intent, SMALL_PACK_CENTS))
    expect(await wallet(user)).toMatchObject({ digital_credit: 0, digital_credit_owed: DRAW_PRICE })
    expect(await notifications(user)).toContainEqual({
      title: PAYMENT_REVERSAL_TEXTS.refundTitle,
      content: PAYMENT_REVERSAL_TEXTS.refund(SMALL_PACK_CREDIT, DRAW_PRICE),
    })

    const shown = await t.call<{ digitalCredit: number; digitalCreditOwed?: number }>('GET', '/api/getUser', {
      token: user.token,
    })
    expect(shown.body.data).toMatchObject({ digitalCredit: 0, digitalCreditOwed: DRAW_PRICE })
    const refusal = await draw(user)
    expect(refusal.status).toBe(422)
    expect(refusal.body.metadata.message).toBe(PAYMENT_REVERSAL_TEXTS.spendingBlocked(DRAW_PRICE))
    const card = await t.db.selectFrom('cards').select('id').where('rarity', '=', 1).executeTakeFirstOrThrow()
    const pick = await t.call('POST', '/api/pickCard', { token: user.token, body: { selectedCardId: card.id } })
    expect(pick.status).toBe(422)
    expect(pick.body.metadata.message).toBe(PAYMENT_REVERSAL_TEXTS.spendingBlocked(DRAW_PRICE))

    await buyAndPay(user)
    expect(await wallet(user)).toMatchObject({
      digital_credit: SMALL_PACK_CREDIT - DRAW_PRICE,
      digital_credit_owed: 0,
    })
    expect((await ledger(user)).at(-1)).toEqual({ reason: 'owed_settled', amount: -DRAW_PRICE })
    const settled = await t.call<Record<string, unknown>>('GET', '/api/getUser', { token: user.token })
    expect(settled.body.data).not.toHaveProperty('digitalCreditOwed')
    expect((await draw(user)).status).toBe(200)
  })

  it('refuses to spend while owed even when the balance would cover the price', async () => {
    const user = await t.register({ confirmed: true })
    const first = await buyAndPay(user)
    await draw(user)
    await sendWebhook(refunded(first, SMALL_PACK_CENTS))
    // Credit that lands without settling (set directly) still cannot be spent while something is owed.
    await t.db.updateTable('users').set({ digital_credit: 5_000 }).where('id', '=', user.userId).execute()
    await t.db
      .insertInto('credit_ledger')
      .values({
        id: `adj_${user.userId}`,
        user_id: user.userId,
        currency: 'digital',
        amount: 5_000,
        reason: 'test',
        reference: 'x',
        created_at: new Date().toISOString(),
      })
      .execute()
    expect((await draw(user)).status).toBe(422)
  })

  it("holds a disputed purchase's credit while the dispute is open and gives it back when it is won", async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user)
    const created = dispute('created', intent, `dp_${intent.id}`, 'needs_response')
    await Promise.all([sendWebhook(created), sendWebhook(created)])
    expect(await wallet(user)).toMatchObject({ digital_credit: 0 })
    expect(await notifications(user)).toContainEqual({
      title: PAYMENT_REVERSAL_TEXTS.disputeTitle,
      content: PAYMENT_REVERSAL_TEXTS.dispute(SMALL_PACK_CREDIT, 0),
    })
    await sendWebhook(dispute('funds_withdrawn', intent, `dp_${intent.id}`, 'needs_response'))
    await sendWebhook(dispute('updated', intent, `dp_${intent.id}`, 'under_review'))
    await sendWebhook(dispute('funds_reinstated', intent, `dp_${intent.id}`, 'won'))
    expect((await wallet(user)).digital_credit).toBe(0)
    const closed = dispute('closed', intent, `dp_${intent.id}`, 'won')
    await sendWebhook(closed)
    await sendWebhook(closed)
    await sendWebhook(dispute('closed', intent, `dp_${intent.id}`, 'won'))
    expect((await wallet(user)).digital_credit).toBe(SMALL_PACK_CREDIT)
    expect((await ledger(user)).map((row) => row.reason)).toEqual(['purchase', 'dispute', 'dispute_won'])
    expect(await notifications(user)).toContainEqual({
      title: PAYMENT_REVERSAL_TEXTS.disputeWonTitle,
      content: PAYMENT_REVERSAL_TEXTS.disputeWon(SMALL_PACK_CREDIT),
    })
    expect(await reversalMail(user)).toHaveLength(2)
    const row = await t.db
      .selectFrom('payment_disputes')
      .selectAll()
      .where('id', '=', `dp_${intent.id}`)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'won', credit_held: 0, closed_at: expect.any(String) })
  })

  it('keeps the credit of a lost dispute, and a won dispute settles what became owed', async () => {
    const lost = await t.register({ confirmed: true })
    const lostIntent = await buyAndPay(lost)
    await sendWebhook(dispute('created', lostIntent, `dp_${lostIntent.id}`, 'needs_response'))
    await sendWebhook(dispute('closed', lostIntent, `dp_${lostIntent.id}`, 'lost'))
    expect((await wallet(lost)).digital_credit).toBe(0)

    const won = await t.register({ confirmed: true })
    const wonIntent = await buyAndPay(won)
    await draw(won)
    await sendWebhook(dispute('created', wonIntent, `dp_${wonIntent.id}`, 'needs_response'))
    expect(await wallet(won)).toMatchObject({ digital_credit: 0, digital_credit_owed: DRAW_PRICE })
    await sendWebhook(dispute('closed', wonIntent, `dp_${wonIntent.id}`, 'won'))
    expect(await wallet(won)).toMatchObject({ digital_credit: SMALL_PACK_CREDIT - DRAW_PRICE, digital_credit_owed: 0 })
  })

  it('applies a dispute closed before its opening arrives, once', async () => {
    const lostFirst = await t.register({ confirmed: true })
    const intent = await buyAndPay(lostFirst)
    await sendWebhook(dispute('closed', intent, `dp_${intent.id}`, 'lost'))
    await sendWebhook(dispute('created', intent, `dp_${intent.id}`, 'needs_response'))
    expect((await wallet(lostFirst)).digital_credit).toBe(0)
    expect((await ledger(lostFirst)).map((row) => row.reason)).toEqual(['purchase', 'dispute'])

    const wonFirst = await t.register({ confirmed: true })
    const other = await buyAndPay(wonFirst)
    await sendWebhook(dispute('closed', other, `dp_${other.id}`, 'won'))
    await sendWebhook(dispute('created', other, `dp_${other.id}`, 'needs_response'))
    expect((await wallet(wonFirst)).digital_credit).toBe(SMALL_PACK_CREDIT)
  })

  it("does not take a refunded purchase's credit twice when it is also disputed", async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user)
    await sendWebhook(dispute('created', intent, `dp_${intent.id}`, 'needs_response'))
    await sendWebhook(refunded(intent, SMALL_PACK_CENTS))
    expect(await wallet(user)).toMatchObject({ digital_credit: 0, digital_credit_owed: 0 })
  })

  it('takes back physical credit from the physical balance', async () => {
    const user = await t.register({ confirmed: true })
    const intent = await buyAndPay(user, 5)
    expect((await wallet(user)).physical_credit).toBe(5_000)
    await sendWebhook(refunded(intent, intent.amount))
    expect(await wallet(user)).toMatchObject({ physical_credit: 0, physical_credit_owed: 0, digital_credit: 0 })
  })

  it('records a refund of a payment that was never credited without touching the ledger', async () => {
    const user = await t.register({ confirmed: true })
    await t.call('POST', '/api/payment/setSpendingLimit', { token: user.token, body: { monthlyLimit: 15 } })
    const { body } = await t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
      token: user.token,
      body: { selectedCreditProduct: 2 },
    })
    const intent = present(
      [...stripe.intents.values()].find((candidate) => candidate.client_secret === body.data.clientSecret),
      'intent',
    )
    await t.call('POST', '/api/payment/setSpendingLimit', { token: user.token, body: { monthlyLimit: 5 } })
    await sendWebhook(event('payment_intent.succeeded', stripe.succeed(intent.id)))
    await sendWebhook(refunded(intent, intent.amount))
    expect(await ledger(user)).toEqual([])
    const recorded = await t.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('provider_payment_id', '=', intent.id)
      .execute()
    expect(recorded).toEqual([{ outcome: 'notCredited' }])
  })
})
