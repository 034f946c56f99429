import Stripe from 'stripe'

import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('payment configuration safety', () => {
  describe('Stripe keys without a webhook signing secret', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp({
        seed: false,
        env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_PUBLISHABLE_KEY: 'pk_test_unused' },
      })
    })
    afterAll(() => t.close())

    it('offers no webhook, so an event signed with an empty key cannot credit anyone', async () => {
      const payload = JSON.stringify({
        id: 'evt_1',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_forged', status: 'succeeded', amount: 999, currency: 'usd' } },
      })
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: '' })
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'x-api-key': 'test-web-key' },
        payload,
      })
      expect(response.statusCode).toBe(404)
    })
  })

  describe('no Stripe keys and test mode off (a production deploy)', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp({ env: { PAYMENTS_TEST_MODE: 'off' } })
    })
    afterAll(() => t.close())

    it('refuses to start a payment instead of selling credit through the test mode', async () => {
      const user = await t.register()
      const products = await t.call<{ creditProductId: number }[]>('GET', '/api/payment/getCreditProducts', {
        token: user.token,
      })
      const { status, body } = await t.call('POST', '/api/payment/createPaymentIntent', {
        token: user.token,
        body: { selectedCreditProduct: present(products.body.data[0], 'a credit product').creditProductId },
      })
      expect(status).toBe(503)
      expect(body.metadata.message).toBe('Card payments are not available right now. Please try again later.')
      const confirm = await t.call('POST', '/api/payment/testMode/confirmPayment', {
        body: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
      })
      expect(confirm.status).toBe(404)
    })
  })
})
