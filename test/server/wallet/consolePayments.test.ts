import type { ConsolePayments, RefundPurchaseResult } from '@shared/consolePayments'
import { CONSOLE_PAYMENT_TEXTS } from '@shared/consolePayments'
import type { CreatePaymentIntentResult } from '@shared/wallet'
import { PAYMENT_REVERSAL_TEXTS } from '@shared/wallet'
import { seedCreditProducts } from '@server/features/wallet/seedCreditProducts'
import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { expectEveryLedgerToMatchBalances } from './walletKit'

const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`

describe("the console's Payments screen", () => {
  let t: TestApp
  let operator: TestOperator
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { RATE_LIMITS: 'off' } })
    await seedCreditProducts(t.db)
    operator = await makeOperator(t)
  })
  afterAll(() => t.close())
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  /** A test-mode purchase of product 1 (10,000 digital credits for $1.99), paid; answers its intent id. */
  async function buy(user: TestUser): Promise<string> {
    const { body } = await t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
      token: user.token,
      body: { selectedCreditProduct: 1 },
    })
    await t.call('POST', '/api/payment/testMode/confirmPayment', {
      body: { clientSecret: body.data.clientSecret, cardNumber: '4242424242424242', expiry: FUTURE_EXPIRY, cvc: '123' },
    })
    return present(body.data.clientSecret.split('_secret_')[0])
  }
  function payments(query = '') {
    return t.call<ConsolePayments>('GET', `/api/operator/payments${query}`, { token: operator.token })
  }
  function refund(providerPaymentId: string, reason = 'Asked by the traveller within 14 days') {
    return t.call<RefundPurchaseResult>('POST', '/api/operator/payments/refund', {
      token: operator.token,
      body: { providerPaymentId, reason },
    })
  }

  it("lists a traveller's purchases found by e-mail, username or friend code", async () => {
    const buyer = await t.register()
    const other = await t.register()
    const intent = await buy(buyer)
    await buy(other)
    for (const search of [buyer.email.toUpperCase(), buyer.username, buyer.friendCode.toLowerCase()]) {
      const { status, body } = await payments(`?traveller=${encodeURIComponent(search)}`)
      expect(status).toBe(200)
      expect(body.data.payments).toHaveLength(1)
      expect(body.data.payments[0]).toMatchObject({
        providerPaymentId: intent,
        userId: buyer.userId,
        username: buyer.username,
        amountCents: 199,
        credit: 10_000,
        creditKind: 'digital',
        status: 'paid',
        refundable: true,
        events: [],
      })
    }
    expect((await payments('?traveller=nobody-at-all')).body.data.payments).toEqual([])
    expect((await payments()).body.data.payments.length).toBeGreaterThanOrEqual(2)
  })

  it('refunds a purchase through the provider, takes the credit back, tells the traveller and writes the audit log', async () => {
    const buyer = await t.register()
    const intent = await buy(buyer)
    const { status, body } = await refund(intent)
    expect(status).toBe(200)
    expect(body.data.payment).toMatchObject({
      status: 'refunded',
      refundedCents: 199,
      creditReversed: 10_000,
      refundable: false,
      events: [expect.objectContaining({ type: 'operator.refund', outcome: 'reversed', creditTaken: 10_000 })],
    })
    const user = await t.db
      .selectFrom('users')
      .select(['digital_credit'])
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow()
    expect(user.digital_credit).toBe(0)
    const intentRow = await t.db
      .selectFrom('test_payment_intents')
      .select('status')
      .where('id', '=', intent)
      .executeTakeFirstOrThrow()
    expect(intentRow.status).toBe('refunded')
    const notes = await t.db.selectFrom('notifications').select('title').where('user_id', '=', buyer.userId).execute()
    expect(notes.map((note) => note.title)).toContain(PAYMENT_REVERSAL_TEXTS.refundTitle)
    const audit = await t.db.selectFrom('operator_actions').selectAll().where('target_id', '=', intent).execute()
    expect(audit).toEqual([
      expect.objectContaining({
        operator_user_id: operator.userId,
        action: 'payment.refund',
        target_type: 'payment',
        reason: 'Asked by the traveller within 14 days',
      }),
    ])

    // A second refund is refused and changes nothing.
    const again = await refund(intent)
    expect(again.status).toBe(409)
    expect(again.body.metadata.message).toBe(CONSOLE_PAYMENT_TEXTS.notRefundable)
    expect(
      await t.db.selectFrom('operator_actions').select('id').where('target_id', '=', intent).execute(),
    ).toHaveLength(1)
  })

  it('shows the refund events among the recent ones, and refuses a refund without a reason or of an unknown purchase', async () => {
    const buyer = await t.register()
    const intent = await buy(buyer)
    expect((await refund(intent, '')).status).toBe(400)
    expect((await refund('pi_test_nobody')).status).toBe(404)
    await refund(intent)
    const recent = (await payments()).body.data.recentEvents
    expect(recent.map((event) => event.providerPaymentId)).toContain(intent)
  })
})
