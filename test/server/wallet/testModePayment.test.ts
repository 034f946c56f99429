import type { CreatePaymentIntentResult, TestModeConfirmResult, VerifyPaymentIntentResult } from '@shared/wallet'
import { seedCreditProducts } from '@server/features/wallet/seedCreditProducts'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { expectEveryLedgerToMatchBalances, expectLedgerToMatchBalances, purchaseRows } from './walletKit'

const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`

describe('test-mode payments', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { RATE_LIMITS: 'off' } })
    await seedCreditProducts(t.db)
  })
  afterAll(() => t.close())
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  async function createIntent(user: TestUser, body: object) {
    return t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', { token: user.token, body })
  }
  async function confirm(clientSecret: string, cardNumber: string, expiry = FUTURE_EXPIRY, cvc = '123') {
    return t.call<TestModeConfirmResult>('POST', '/api/payment/testMode/confirmPayment', {
      body: { clientSecret, cardNumber, expiry, cvc },
    })
  }
  async function verify(user: TestUser, paymentIntentId: string) {
    return t.call<VerifyPaymentIntentResult>('POST', '/api/payment/verifyPaymentIntent', {
      token: user.token,
      body: { paymentIntentId },
    })
  }
  function intentId(clientSecret: string): string {
    return present(clientSecret.split('_secret_')[0])
  }

  describe('POST /api/payment/createPaymentIntent', () => {
    it('creates a test-mode intent priced from the product table', async () => {
      const user = await t.register()
      const { status, body } = await createIntent(user, { selectedCreditProduct: 2 })
      expect(status).toBe(200)
      expect(body.data).toEqual({
        clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
        dpmCheckerLink: null,
        provider: 'test',
      })
      const intent = await t.db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('client_secret', '=', body.data.clientSecret)
        .executeTakeFirstOrThrow()
      expect(intent).toMatchObject({ amount_cents: 999, currency: 'usd', status: 'requires_payment_method' })
      const payment = await t.db
        .selectFrom('payments')
        .selectAll()
        .where('provider_payment_id', '=', intent.id)
        .executeTakeFirstOrThrow()
      expect(payment).toMatchObject({
        user_id: user.userId,
        provider: 'test',
        amount_cents: 999,
        credit_value: 60_000,
        product_type: 2,
        fulfilled_at: null,
      })
    })

    it('ignores an amount or price sent by the client', async () => {
      const user = await t.register()
      const { body } = await createIntent(user, {
        selectedCreditProduct: 3,
        amount: 1,
        actualPrice: 0.01,
        creditProductValue: 9_999_999,
      })
      const intent = await t.db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('client_secret', '=', body.data.clientSecret)
        .executeTakeFirstOrThrow()
      expect(intent.amount_cents).toBe(1_999)
      await confirm(body.data.clientSecret, '4242 4242 4242 4242')
      const verified = await verify(user, intent.id)
      expect(verified.body.data.userData.digitalCredit).toBe(150_000)
    })

    it('returns 404 for an unknown or inactive product', async () => {
      const user = await t.register()
      expect((await createIntent(user, { selectedCreditProduct: 999 })).status).toBe(404)
      await t.db.updateTable('credit_products').set({ active: 0 }).where('id', '=', 4).execute()
      expect((await createIntent(user, { selectedCreditProduct: 4 })).status).toBe(404)
      await t.db.updateTable('credit_products').set({ active: 1 }).where('id', '=', 4).execute()
    })

    it('returns 403 to a visitor', async () => {
      expect(
        (await t.call('POST', '/api/payment/createPaymentIntent', { body: { selectedCreditProduct: 1 } })).status,
      ).toBe(403)
    })
  })

  describe('POST /api/payment/testMode/confirmPayment', () => {
    it('succeeds with 4242 4242 4242 4242 and credits the purchase', async () => {
      const user = await t.register()
      const { body } = await createIntent(user, { selectedCreditProduct: 1 })
      const confirmed = await confirm(body.data.clientSecret, '4242 4242 4242 4242')
      expect(confirmed.status).toBe(200)
      expect(confirmed.body.data).toEqual({ paymentIntentId: intentId(body.data.clientSecret), status: 'succeeded' })
      const verified = await verify(user, confirmed.body.data.paymentIntentId)
      expect(verified.body.data).toEqual({ paid: true, userData: { digitalCredit: 10_000, physicalCredit: 0 } })
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it('credits physical credit for a physical product', async () => {
      const user = await t.register()
      const { body } = await createIntent(user, { selectedCreditProduct: 5 })
      await confirm(body.data.clientSecret, '4242424242424242')
      const verified = await verify(user, intentId(body.data.clientSecret))
      expect(verified.body.data).toEqual({ paid: true, userData: { digitalCredit: 0, physicalCredit: 5_000 } })
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it.each([
      ['4000 0000 0000 0002', 'card_error', 'Your card was declined.'],
      ['4000 0000 0000 9995', 'card_error', 'Your card has insufficient funds.'],
      [
        '4111 1111 1111 1111',
        'card_error',
        'Your card was declined. Test mode accepts only the test card numbers shown on the form.',
      ],
      ['4242 4242 4242 4241', 'validation_error', 'Your card number is invalid.'],
      ['4242 4242', 'validation_error', 'Your card number is incomplete.'],
    ])('declines %s with "%s: %s" and credits nothing', async (cardNumber, type, message) => {
      const user = await t.register()
      const { body } = await createIntent(user, { selectedCreditProduct: 1 })
      const confirmed = await confirm(body.data.clientSecret, cardNumber)
      expect(confirmed.status).toBe(200)
      expect(confirmed.body.data).toEqual({
        paymentIntentId: intentId(body.data.clientSecret),
        status: 'requires_payment_method',
        error: { type, message },
      })
      const verified = await verify(user, intentId(body.data.clientSecret))
      expect(verified.body.data).toEqual({ paid: false, userData: { digitalCredit: 0, physicalCredit: 0 } })
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it.each([
      ['01/20', '123', "Your card's expiration date is in the past."],
      ['13/40', '123', "Your card's expiration date is invalid."],
      ['12', '123', "Your card's expiration date is incomplete."],
      [FUTURE_EXPIRY, '12', "Your card's security code is incomplete."],
    ])('refuses expiry %s with cvc %s', async (expiry, cvc, message) => {
      const user = await t.register()
      const { body } = await createIntent(user, { selectedCreditProduct: 1 })
      const confirmed = await confirm(body.data.clientSecret, '4242 4242 4242 4242', expiry, cvc)
      expect(confirmed.body.data.error).toEqual({ type: 'validation_error', message })
    })

    it('succeeds after a declined attempt, like a real card form', async () => {
      const user = await t.register()
      const { body } = await createIntent(user, { selectedCreditProduct: 1 })
      await confirm(body.data.clientSecret, '4000 0000 0000 0002')
      expect((await confirm(body.data.clientSecret, '4242 4242 4242 4242')).body.data.status).toBe('succeeded')
      expect((await verify(user, intentId(body.data.clientSecret))).body.data.paid).toBe(true)
    })

    it('returns 404 for an unknown client secret', async () => {
      expect((await confirm('pi_test_nothing_secret_nothing', '4242 4242 4242 4242')).status).toBe(404)
    })
  })

  describe('POST /api/payment/verifyPaymentIntent', () => {
    it('credits once however often confirm and verify repeat or race', async () => {
      const user = await t.register()
      const { body } = await createIntent(user, { selectedCreditProduct: 2 })
      const id = intentId(body.data.clientSecret)
      const answers = await Promise.all([
        confirm(body.data.clientSecret, '4242 4242 4242 4242'),
        verify(user, id),
        confirm(body.data.clientSecret, '4242 4242 4242 4242'),
        verify(user, id),
        verify(user, id),
      ])
      expect(answers.every((answer) => answer.status === 200)).toBe(true)
      expect((await verify(user, id)).body.data).toEqual({
        paid: true,
        userData: { digitalCredit: 60_000, physicalCredit: 0 },
      })
      expect(await purchaseRows(t, user.userId)).toHaveLength(1)
      await expectLedgerToMatchBalances(t, user.userId)
    })

    it("returns 404 for another user's payment and credits nobody", async () => {
      const buyer = await t.register()
      const other = await t.register()
      const { body } = await createIntent(buyer, { selectedCreditProduct: 1 })
      await t.db
        .updateTable('test_payment_intents')
        .set({ status: 'succeeded' })
        .where('client_secret', '=', body.data.clientSecret)
        .execute()
      const { status } = await verify(other, intentId(body.data.clientSecret))
      expect(status).toBe(404)
      expect(await purchaseRows(t, other.userId)).toHaveLength(0)
      expect(await purchaseRows(t, buyer.userId)).toHaveLength(0)
    })

    it('returns 404 for an unknown payment intent', async () => {
      const user = await t.register()
      expect((await verify(user, 'pi_test_unknown')).status).toBe(404)
    })
  })

  describe('POST /api/payment/webhook', () => {
    it('does not exist without Stripe keys', async () => {
      const { status } = await t.call('POST', '/api/payment/webhook', { body: {} })
      expect(status).toBe(404)
    })
  })
})
