import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/account'
import type { CreatePaymentIntentResult, TestModeConfirmResult } from '@shared/wallet'
import { eraseAccount } from '@server/features/account/deletion'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { expectEveryLedgerToMatchBalances } from '../wallet/walletKit'

import { expectOk } from './accountKit'

jest.setTimeout(120_000)

const DAY_MS = 86_400_000
const TEST_CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }
const TRAVELLERS = 6
const PURCHASES_EACH = 4

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
})
afterAll(() => t.close())

interface Buyer {
  user: TestUser
  clientSecrets: string[]
}

async function buyerWithOpenPurchases(): Promise<Buyer> {
  const user = await t.register()
  const clientSecrets: string[] = []
  for (let i = 0; i < PURCHASES_EACH; i += 1) {
    const intent = await expectOk(
      t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
        token: user.token,
        body: { selectedCreditProduct: 1 + (i % 2) },
      }),
    )
    clientSecrets.push(intent.clientSecret)
  }
  await expectOk(
    t.call('POST', '/api/account/requestDeletion', { token: user.token, body: { username: user.username } }),
  )
  return { user, clientSecrets }
}

function confirm(clientSecret: string) {
  return t.call<TestModeConfirmResult>('POST', '/api/payment/testMode/confirmPayment', {
    body: { clientSecret, ...TEST_CARD },
  })
}

describe('a payment confirmed while its buyer’s account is erased', () => {
  it('is credited before the erasure or refunded, never kept by the tombstone, and nothing fails', async () => {
    const buyers: Buyer[] = []
    for (let i = 0; i < TRAVELLERS; i += 1) buyers.push(await buyerWithOpenPurchases())
    const later = new Date(Date.now() + (ACCOUNT_DELETION_GRACE_DAYS + 1) * DAY_MS)

    // Every erasure starts together with every confirm of its buyer's purchases, interleaved.
    const erasures: Promise<boolean>[] = []
    const confirms: ReturnType<typeof confirm>[] = []
    buyers.forEach(({ user, clientSecrets }, index) => {
      const [first, ...rest] = clientSecrets
      if (index % 2 === 0) confirms.push(confirm(first as string))
      erasures.push(eraseAccount(t.db, t.app.blobs, user.userId, later))
      if (index % 2 === 1) confirms.push(confirm(first as string))
      for (const secret of rest) confirms.push(confirm(secret))
    })
    const [erased, confirmed] = await Promise.all([Promise.all(erasures), Promise.all(confirms)])

    expect(erased).toEqual(buyers.map(() => true))
    expect({ statuses: confirmed.map(({ status }) => status), errors: t.loggedErrors }).toEqual({
      statuses: confirmed.map(() => 200),
      errors: [],
    })
    expect(confirmed.map(({ body }) => body.data.status)).toEqual(confirmed.map(() => 'succeeded'))

    // Every payment was either credited to its buyer before the account closed (then forfeited with the rest of the
    // credit) or refused and refunded; none is left taken and neither.
    const payments = await t.db
      .selectFrom('payments')
      .innerJoin('test_payment_intents', 'test_payment_intents.id', 'payments.provider_payment_id')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .select([
        'payments.id',
        'payments.fulfilled_at',
        'payments.refused_at',
        'payments.refunded_at',
        'test_payment_intents.status',
        'users.closed_at',
      ])
      .execute()
    expect(payments).toHaveLength(TRAVELLERS * PURCHASES_EACH)
    const fates = payments.map((payment) => {
      if (payment.fulfilled_at && !payment.refused_at && payment.status === 'succeeded') return 'credited'
      if (!payment.fulfilled_at && payment.refused_at && payment.refunded_at && payment.status === 'refunded')
        return 'refunded'
      return `neither: ${JSON.stringify(payment)}`
    })
    expect(fates.filter((fate) => fate !== 'credited' && fate !== 'refunded')).toEqual([])
    // Every payment now belongs to a tombstone, none of which holds credit.
    expect(payments.every((payment) => payment.closed_at != null)).toBe(true)
    const tombstones = await t.db
      .selectFrom('users')
      .select(['id', 'digital_credit', 'physical_credit'])
      .where('closed_at', 'is not', null)
      .execute()
    expect(tombstones.filter((row) => row.digital_credit !== 0 || row.physical_credit !== 0)).toEqual([])
    await expectEveryLedgerToMatchBalances(t)
  })
})
