import type { CreatePaymentIntentResult, SpendingLimit, VerifyPaymentIntentResult } from '@shared/wallet'
import { seedCreditProducts } from '@server/features/wallet/seedCreditProducts'
import { pinClock } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { expectEveryLedgerToMatchBalances, purchaseRows } from './walletKit'

/** Products of seedCreditProducts by price: 1 is $1.99, 2 is $9.99, 3 is $19.99 (all digital). */
const PACK_1_99 = 1
const PACK_9_99 = 2
const PACK_19_99 = 3
const HOUR = 60 * 60 * 1000
const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`

describe('spending limits', () => {
  let t: TestApp
  let clock: number
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { RATE_LIMITS: 'off' } })
    await seedCreditProducts(t.db)
  })
  afterAll(() => t.close())
  beforeEach(() => {
    // Mid-month, so that no scenario crosses a month unless it means to.
    clock = Date.UTC(2026, 10, 12, 9, 0, 0)
    pinClock(new Date(clock))
  })
  afterEach(async () => {
    pinClock(null)
    await expectEveryLedgerToMatchBalances(t)
  })

  function advance(ms: number): void {
    clock += ms
    pinClock(new Date(clock))
  }
  async function getLimit(user: TestUser) {
    return t.call<SpendingLimit>('GET', '/api/payment/getSpendingLimit', { token: user.token })
  }
  async function setLimit(user: TestUser, monthlyLimit: unknown) {
    return t.call<SpendingLimit>('POST', '/api/payment/setSpendingLimit', {
      token: user.token,
      body: { monthlyLimit },
    })
  }
  async function createIntent(user: TestUser, selectedCreditProduct: number) {
    return t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
      token: user.token,
      body: { selectedCreditProduct },
    })
  }
  async function pay(clientSecret: string) {
    return t.call<{ paymentIntentId: string; status: string }>('POST', '/api/payment/testMode/confirmPayment', {
      body: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: FUTURE_EXPIRY, cvc: '123' },
    })
  }
  async function verify(user: TestUser, paymentIntentId: string) {
    return t.call<VerifyPaymentIntentResult>('POST', '/api/payment/verifyPaymentIntent', {
      token: user.token,
      body: { paymentIntentId },
    })
  }
  async function buy(user: TestUser, product: number): Promise<string> {
    const created = await createIntent(user, product)
    expect(created.status).toBe(200)
    const paid = await pay(created.body.data.clientSecret)
    expect(paid.body.data.status).toBe('succeeded')
    return paid.body.data.paymentIntentId
  }
  async function countIntents(): Promise<number> {
    const row = await t.db
      .selectFrom('test_payment_intents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return row.count
  }
  async function paymentsOf(user: TestUser) {
    return t.db.selectFrom('payments').selectAll().where('user_id', '=', user.userId).execute()
  }

  it('answers no limit, with the month in UTC, for a traveller who never set one', async () => {
    const user = await t.register()
    const { status, body } = await getLimit(user)
    expect(status).toBe(200)
    expect(body.data).toEqual({
      monthlyLimit: null,
      pendingChange: null,
      month: '2026-11',
      spentThisMonth: 0,
      heldThisMonth: 0,
      leftThisMonth: null,
      monthEndsAt: '2026-12-01T00:00:00.000Z',
    })
  })

  it('refuses a purchase that would pass the limit before any payment intent exists, with what is left', async () => {
    const user = await t.register()
    expect((await setLimit(user, 20)).body.data).toMatchObject({ monthlyLimit: 20, pendingChange: null })
    await buy(user, PACK_9_99)
    const intentsBefore = await countIntents()

    const refused = await createIntent(user, PACK_19_99)
    expect(refused.status).toBe(422)
    expect(refused.body.metadata).toMatchObject({
      errorCode: 'RuleViolation',
      message:
        'This purchase of $19.99 would pass your monthly spending limit of $20.00: $10.01 is left until 2026-12-01 (UTC).',
    })
    expect(await countIntents()).toBe(intentsBefore)
    expect(await paymentsOf(user)).toHaveLength(1)
    expect((await getLimit(user)).body.data).toMatchObject({
      spentThisMonth: 9.99,
      heldThisMonth: 0,
      leftThisMonth: 10.01,
    })
    // What still fits goes through.
    await buy(user, PACK_9_99)
    expect((await getLimit(user)).body.data.leftThisMonth).toBeCloseTo(0.02, 5)
  })

  it('counts a started, unpaid purchase for an hour, then lets it lapse', async () => {
    const user = await t.register()
    await setLimit(user, 20)
    expect((await createIntent(user, PACK_9_99)).status).toBe(200)
    expect((await createIntent(user, PACK_9_99)).status).toBe(200)
    expect((await getLimit(user)).body.data).toMatchObject({ heldThisMonth: 19.98, spentThisMonth: 0 })

    const refused = await createIntent(user, PACK_1_99)
    expect(refused.status).toBe(422)
    expect(refused.body.metadata.message).toBe(
      'This purchase of $1.99 would pass your monthly spending limit of $20.00: $0.02 is left until 2026-12-01 (UTC) ' +
        '(purchases you started in the last hour hold $19.98 of it).',
    )

    advance(HOUR + 1000)
    expect((await getLimit(user)).body.data).toMatchObject({ heldThisMonth: 0, leftThisMonth: 20 })
    expect((await createIntent(user, PACK_1_99)).status).toBe(200)
  })

  it('lets parallel purchases through only as far as the limit reaches', async () => {
    const user = await t.register()
    await setLimit(user, 30)
    const intentsBefore = await countIntents()
    const answers = await Promise.all(Array.from({ length: 6 }, () => createIntent(user, PACK_9_99)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 422, 422, 422])
    expect(await countIntents()).toBe(intentsBefore + 3)
    expect((await getLimit(user)).body.data).toMatchObject({ heldThisMonth: 29.97, leftThisMonth: 0.03 })
  })

  it('re-checks at payment: of two purchases paid at once that together pass the limit, one is credited, one refunded', async () => {
    const user = await t.register()
    await setLimit(user, 10)
    const first = await createIntent(user, PACK_9_99)
    // The first purchase's hold lapses, so the second may start, but both must not be paid.
    advance(HOUR + 1000)
    const second = await createIntent(user, PACK_9_99)
    expect([first.status, second.status]).toEqual([200, 200])

    const paid = await Promise.all([pay(first.body.data.clientSecret), pay(second.body.data.clientSecret)])
    const verified = await Promise.all(paid.map((answer) => verify(user, answer.body.data.paymentIntentId)))
    const outcomes = verified.map((answer) => answer.body.data)
    expect(outcomes.filter((outcome) => outcome.paid)).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome.refusedBySpendingLimit)).toHaveLength(1)
    expect(await purchaseRows(t, user.userId)).toHaveLength(1)
    expect((await getLimit(user)).body.data).toMatchObject({ spentThisMonth: 9.99, heldThisMonth: 0 })

    const payments = await paymentsOf(user)
    const refused = present(payments.find((payment) => payment.refused_at !== null))
    expect(refused).toMatchObject({ fulfilled_at: null, refunded_at: expect.any(String) })
    const intent = await t.db
      .selectFrom('test_payment_intents')
      .select('status')
      .where('id', '=', refused.provider_payment_id)
      .executeTakeFirstOrThrow()
    expect(intent.status).toBe('refunded')
  })

  it('applies a lowering at once, even to a purchase started before it', async () => {
    const user = await t.register()
    await setLimit(user, 50)
    const started = await createIntent(user, PACK_19_99)
    const lowered = await setLimit(user, 10)
    expect(lowered.body.data).toMatchObject({ monthlyLimit: 10, pendingChange: null })

    const paid = await pay(started.body.data.clientSecret)
    const { body } = await verify(user, paid.body.data.paymentIntentId)
    expect(body.data).toEqual({
      paid: false,
      refusedBySpendingLimit: true,
      userData: { digitalCredit: 0, physicalCredit: 0 },
    })
    expect(await purchaseRows(t, user.userId)).toHaveLength(0)
  })

  it('applies a raise only after 24 hours, keeps its time when asked again, and drops it when lowered', async () => {
    const user = await t.register()
    await setLimit(user, 10)
    const raised = await setLimit(user, 50)
    const appliesAt = new Date(clock + 24 * HOUR).toISOString()
    expect(raised.body.data).toMatchObject({ monthlyLimit: 10, pendingChange: { monthlyLimit: 50, appliesAt } })
    expect((await createIntent(user, PACK_19_99)).status).toBe(422)

    advance(HOUR)
    expect((await setLimit(user, 50)).body.data.pendingChange).toEqual({ monthlyLimit: 50, appliesAt })

    advance(23 * HOUR - 1000)
    expect((await getLimit(user)).body.data.monthlyLimit).toBe(10)
    advance(1000)
    expect((await getLimit(user)).body.data).toMatchObject({ monthlyLimit: 50, pendingChange: null })
    expect((await createIntent(user, PACK_19_99)).status).toBe(200)

    await setLimit(user, 80)
    const keptLower = await setLimit(user, 30)
    expect(keptLower.body.data).toMatchObject({ monthlyLimit: 30, pendingChange: null })
  })

  it('removes a limit only after 24 hours', async () => {
    const user = await t.register()
    await setLimit(user, 5)
    const removing = await setLimit(user, null)
    expect(removing.body.data).toMatchObject({
      monthlyLimit: 5,
      pendingChange: { monthlyLimit: null, appliesAt: new Date(clock + 24 * HOUR).toISOString() },
    })
    expect((await createIntent(user, PACK_9_99)).status).toBe(422)
    advance(24 * HOUR)
    expect((await getLimit(user)).body.data).toMatchObject({ monthlyLimit: null, pendingChange: null })
    expect((await createIntent(user, PACK_9_99)).status).toBe(200)
  })

  it('blocks every purchase with a limit of $0', async () => {
    const user = await t.register()
    await setLimit(user, 0)
    expect((await createIntent(user, PACK_1_99)).status).toBe(422)
  })

  it('counts a payment in the UTC month it was paid, and starts afresh the next month', async () => {
    const user = await t.register()
    clock = Date.UTC(2026, 10, 30, 23, 30, 0)
    pinClock(new Date(clock))
    await setLimit(user, 20)
    await buy(user, PACK_19_99)
    expect((await createIntent(user, PACK_1_99)).status).toBe(422)
    advance(HOUR)
    expect((await getLimit(user)).body.data).toMatchObject({
      month: '2026-12',
      spentThisMonth: 0,
      leftThisMonth: 20,
      monthEndsAt: '2027-01-01T00:00:00.000Z',
    })
    expect((await createIntent(user, PACK_19_99)).status).toBe(200)
  })

  it('refuses a limit that is not a whole number of dollars within bounds, and changes nothing', async () => {
    const user = await t.register()
    await setLimit(user, 25)
    for (const bad of [-1, 10_001, 12.5, '10', true, {}]) {
      const { status, body } = await setLimit(user, bad)
      expect(status).toBe(400)
      expect(body.metadata.errorCode).toBe('BadRequest')
    }
    expect((await getLimit(user)).body.data).toMatchObject({ monthlyLimit: 25, pendingChange: null })
  })

  it('keeps each traveller to their own limit', async () => {
    const careful = await t.register()
    const other = await t.register()
    await setLimit(careful, 1)
    expect((await createIntent(careful, PACK_1_99)).status).toBe(422)
    expect((await createIntent(other, PACK_19_99)).status).toBe(200)
    expect((await getLimit(other)).body.data).toMatchObject({ monthlyLimit: null, heldThisMonth: 0 })
  })
})
