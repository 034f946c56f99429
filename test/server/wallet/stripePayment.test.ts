import Stripe from 'stripe'

import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'
import type { CreatePaymentIntentResult, VerifyPaymentIntentResult } from '@shared/wallet'
import { STRIPE_API_VERSION } from '@server/features/wallet/payments/stripeProvider'
import { seedCreditProducts } from '@server/features/wallet/seedCreditProducts'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { startStripeStandIn, type StandInIntent, type StripeStandIn } from './stripeStandIn'
import { expectEveryLedgerToMatchBalances, expectLedgerToMatchBalances, purchaseRows } from './walletKit'

const WEBHOOK_SECRET = 'whsec_wandercards_test'
const signer = new Stripe('sk_test_signer')

describe('Stripe payments', () => {
  let t: TestApp
  let stripe: StripeStandIn
  beforeAll(async () => {
    stripe = await startStripeStandIn()
    t = await buildTestApp({
      seed: false,
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
    await seedCreditProducts(t.db)
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  async function createIntent(user: TestUser, body: object) {
    return t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', { token: user.token, body })
  }
  async function verify(user: TestUser, paymentIntentId: string) {
    return t.call<VerifyPaymentIntentResult>('POST', '/api/payment/verifyPaymentIntent', {
      token: user.token,
      body: { paymentIntentId },
    })
  }
  function succeededEvent(intent: StandInIntent): string {
    return JSON.stringify({
      id: `evt_${intent.id}`,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type: 'payment_intent.succeeded',
      data: { object: intent },
    })
  }
  async function sendWebhook(
    payload: string,
    signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    })
    return { status: response.statusCode, body: response.json() }
  }
  async function buy(user: TestUser, selectedCreditProduct: number): Promise<StandInIntent> {
    const { body } = await createIntent(user, { selectedCreditProduct })
    return present(
      [...stripe.intents.values()].find((intent) => intent.client_secret === body.data.clientSecret),
      'the created payment intent',
    )
  }

  describe('POST /api/payment/createPaymentIntent', () => {
    it('refuses a traveller who has not confirmed their address, asking nothing of Stripe', async () => {
      const user = await t.register()
      const requestsBefore = stripe.createRequests.length
      const { status, body } = await createIntent(user, { selectedCreditProduct: 2 })
      expect(status).toBe(422)
      expect(body.metadata).toMatchObject({
        status: false,
        errorCode: 'RuleViolation',
        message: EMAIL_VERIFICATION_TEXTS.purchaseNeedsVerifiedEmail,
      })
      expect(stripe.createRequests).toHaveLength(requestsBefore)
      expect(await t.db.selectFrom('payments').select('id').where('user_id', '=', user.userId).execute()).toEqual([])
    })

    it('creates a Stripe PaymentIntent through the SDK and returns its client secret and publishable key', async () => {
      const user = await t.register({ confirmed: true })
      const { status, body } = await createIntent(user, { selectedCreditProduct: 2 })
      expect(status).toBe(200)
      const intent = present(
        [...stripe.intents.values()].find((candidate) => candidate.client_secret === body.data.clientSecret),
        'the created payment intent',
      )
      expect(intent).toMatchObject({
        amount: 999,
        currency: 'usd',
        metadata: { userId: user.userId, creditProductId: '2' },
      })
      expect(body.data).toEqual({
        clientSecret: intent.client_secret,
        dpmCheckerLink: `https://dashboard.stripe.com/settings/payment_methods/review?transaction_id=${intent.id}`,
        provider: 'stripe',
        publishableKey: 'pk_test_wandercards',
      })
      expect(stripe.createRequests.at(-1)?.get('automatic_payment_methods[enabled]')).toBe('true')
    })

    it('asks Stripe for the API version the code is written against', async () => {
      const user = await t.register({ confirmed: true })
      const before = stripe.apiVersions.length
      await createIntent(user, { selectedCreditProduct: 1 })
      expect(stripe.apiVersions.slice(before)).toEqual([STRIPE_API_VERSION])
    })

    it('sends Stripe the product price whatever amount the client names', async () => {
      const user = await t.register({ confirmed: true })
      await createIntent(user, { selectedCreditProduct: 7, amount: 50, currency: 'jpy' })
      const sent = present(stripe.createRequests.at(-1), 'a create request')
      expect(sent.get('amount')).toBe('3999')
      expect(sent.get('currency')).toBe('usd')
    })

    it('does not offer the test-mode confirm call', async () => {
      const { status } = await t.call('POST', '/api/payment/testMode/confirmPayment', {
        body: { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      })
      expect(status).toBe(404)
    })
  })

  describe('POST /api/payment/verifyPaymentIntent', () => {
    it('answers paid false while the intent has not succeeded', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 1)
      expect((await verify(user, intent.id)).body.data).toEqual({
        paid: false,
        userData: { digitalCredit: 0, physicalCredit: 0 },
      })
    })

    it('credits a succeeded intent once, however often it is verified', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 6)
      stripe.succeed(intent.id)
      expect((await verify(user, intent.id)).body.data).toEqual({
        paid: true,
        userData: { digitalCredit: 0, physicalCredit: 20_000 },
      })
      expect((await verify(user, intent.id)).body.data).toEqual({
        paid: true,
        userData: { digitalCredit: 0, physicalCredit: 20_000 },
      })
      expect(await purchaseRows(t, user.userId)).toHaveLength(1)
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it('answers paid false when Stripe no longer knows the intent', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 1)
      stripe.intents.delete(intent.id)
      const { status, body } = await verify(user, intent.id)
      expect(status).toBe(200)
      expect(body.data.paid).toBe(false)
    })

    it('returns 404 when the intent belongs to another user', async () => {
      const buyer = await t.register({ confirmed: true })
      const other = await t.register({ confirmed: true })
      const intent = await buy(buyer, 1)
      stripe.succeed(intent.id)
      expect((await verify(other, intent.id)).status).toBe(404)
      expect(await purchaseRows(t, other.userId)).toHaveLength(0)
    })

    it('does not credit when Stripe reports a different amount than the product price', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 4)
      stripe.succeed(intent.id).amount_received = 100
      expect((await verify(user, intent.id)).body.data.paid).toBe(false)
      expect(await purchaseRows(t, user.userId)).toHaveLength(0)
    })
  })

  describe('POST /api/payment/webhook', () => {
    it('fulfils payment_intent.succeeded with a valid signature and needs no api key', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 3)
      const { status, body } = await sendWebhook(succeededEvent(stripe.succeed(intent.id)))
      expect(status).toBe(200)
      expect(body).toEqual({ received: true })
      expect((await t.call('GET', '/api/getUser', { token: user.token })).body.data).toMatchObject({
        digitalCredit: 150_000,
      })
      expect((await verify(user, intent.id)).body.data.paid).toBe(true)
      expect(await purchaseRows(t, user.userId)).toHaveLength(1)
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it('returns 400 and credits nothing when the signature is wrong', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 1)
      const payload = succeededEvent(stripe.succeed(intent.id))
      const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
      expect((await sendWebhook(payload, forged)).status).toBe(400)
      expect((await sendWebhook(payload, 'nonsense')).status).toBe(400)
      expect(await purchaseRows(t, user.userId)).toHaveLength(0)
    })

    it('returns 400 when the signed payload was altered', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 1)
      const payload = succeededEvent(stripe.succeed(intent.id))
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
      expect((await sendWebhook(payload.replace('"amount":199', '"amount":19900'), signature)).status).toBe(400)
    })

    it('acknowledges other events and unknown intents without crediting', async () => {
      const payload = JSON.stringify({
        id: 'evt_other',
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: 'ch_1', object: 'charge' } },
      })
      expect((await sendWebhook(payload)).status).toBe(200)
      const unknown = succeededEvent({
        ...stripe.succeed((await buy(await t.register({ confirmed: true }), 1)).id),
        id: 'pi_unknown',
      })
      expect((await sendWebhook(unknown)).status).toBe(200)
    })

    it('credits once when verification races repeated webhooks', async () => {
      const user = await t.register({ confirmed: true })
      const intent = await buy(user, 2)
      const payload = succeededEvent(stripe.succeed(intent.id))
      const answers = await Promise.all([
        sendWebhook(payload),
        verify(user, intent.id),
        sendWebhook(payload),
        verify(user, intent.id),
        sendWebhook(payload),
      ])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
      expect((await verify(user, intent.id)).body.data).toEqual({
        paid: true,
        userData: { digitalCredit: 60_000, physicalCredit: 0 },
      })
      expect(await purchaseRows(t, user.userId)).toHaveLength(1)
      const payment = await t.db
        .selectFrom('payments')
        .select('fulfilled_at')
        .where('provider_payment_id', '=', intent.id)
        .executeTakeFirstOrThrow()
      expect(payment.fulfilled_at).not.toBeNull()
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it('refunds through Stripe, once, a payment that the spending limit lowered meanwhile refuses', async () => {
      const user = await t.register({ confirmed: true })
      await t.call('POST', '/api/payment/setSpendingLimit', { token: user.token, body: { monthlyLimit: 15 } })
      const intent = await buy(user, 2)
      await t.call('POST', '/api/payment/setSpendingLimit', { token: user.token, body: { monthlyLimit: 5 } })
      const payload = succeededEvent(stripe.succeed(intent.id))
      const answers = await Promise.all([sendWebhook(payload), verify(user, intent.id), sendWebhook(payload)])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
      expect((await verify(user, intent.id)).body.data).toEqual({
        paid: false,
        refusedBySpendingLimit: true,
        userData: { digitalCredit: 0, physicalCredit: 0 },
      })
      expect(await purchaseRows(t, user.userId)).toHaveLength(0)
      const refunds = stripe.refundRequests.filter((refund) => refund.paymentIntent === intent.id)
      expect(refunds.length).toBeGreaterThanOrEqual(1)
      expect(new Set(refunds.map((refund) => refund.idempotencyKey))).toEqual(new Set([`refund-${intent.id}`]))
      const payment = await t.db
        .selectFrom('payments')
        .select(['fulfilled_at', 'refused_at', 'refunded_at'])
        .where('provider_payment_id', '=', intent.id)
        .executeTakeFirstOrThrow()
      expect(payment).toEqual({ fulfilled_at: null, refused_at: expect.any(String), refunded_at: expect.any(String) })
    })
  })
})
