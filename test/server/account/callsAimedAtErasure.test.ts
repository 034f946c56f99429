import { sql } from 'kysely'

import type { GiftUserCardResult } from '@shared/collection'
import type { AddFriendResult } from '@shared/friends'
import type { PostCommentResult } from '@shared/memories'
import type { CreatePaymentIntentResult, TestModeConfirmResult } from '@shared/wallet'
import { createAccountTombstone, deleteAccountRow } from '@server/features/account/deletion'
import { keepRepliesToCommentsOf } from '@server/features/memories/accountData'
import { closeCreditAccount } from '@server/features/wallet/ledger'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy, makeFriends } from '../memories/fixtures'
import { expectEveryLedgerToMatchBalances } from '../wallet/walletKit'

jest.setTimeout(60_000)

let t: TestApp
let paris: string
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
  ;[paris] = await cardsOfRarity(t, 3, 1)
})
afterAll(() => t.close())

/** Transactions of this test's database that wait for a lock another one holds. */
async function waitingOnLocks(): Promise<number> {
  const { rows } = await sql<{ waiting: number | string }>`
    SELECT COUNT(*) AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db)
  return Number(rows[0]?.waiting ?? 0)
}

async function untilACallWaits(): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if ((await waitingOnLocks()) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the call never waited on the erasure')
}

/**
 * Makes `call` while the account's erasure is under way: on PostgreSQL the erasure's transaction (the steps of
 * eraseAccount that delete the account) has deleted the row and commits only once the call waits on it; SQLite runs one
 * transaction at a time, so there the call comes right after.
 */
async function whileErased<T>(victim: TestUser, call: () => Promise<T>): Promise<T> {
  let answer: Promise<T> | undefined
  await t.db.transaction().execute(async (trx) => {
    const tombstoneId = await createAccountTombstone(trx)
    await closeCreditAccount(trx, victim.userId, tombstoneId)
    await keepRepliesToCommentsOf(trx, victim.userId)
    await deleteAccountRow(trx, victim.userId)
    if (t.dialect === 'postgres') {
      answer = call()
      await untilACallWaits()
    }
  })
  return answer ?? call()
}

describe('calls aimed at an account while it is erased answer as for an unknown account', () => {
  it('adding its friend code: the code is unknown', async () => {
    const [marta, victim] = [await t.register(), await t.register()]
    const { status, body } = await whileErased(victim, () =>
      t.call<AddFriendResult>('POST', '/api/friends/addFriend', {
        token: marta.token,
        body: { friendCode: victim.friendCode },
      }),
    )
    expect({ status, message: body.metadata.message }).toEqual({
      status: 404,
      message: `No traveller has the friend code ${victim.friendCode}. Please check it and try again.`,
    })
    expect(t.loggedErrors).toEqual([])
  })

  it('a gift to it: it is no friend any more, and the giver keeps the copy', async () => {
    const [marta, victim] = [await t.register(), await t.register()]
    await makeFriends(t, marta, victim)
    const given = await giveCopy(t, marta.userId, paris)
    const kept = await giveCopy(t, marta.userId, paris)
    const { status, body } = await whileErased(victim, () =>
      t.call<GiftUserCardResult>('POST', '/api/giftUserCard', {
        token: marta.token,
        body: { userCardId: given, friendUserId: victim.userId },
      }),
    )
    expect({ status, message: body.metadata.message }).toEqual({
      status: 422,
      message: 'You can give cards only to your friends.',
    })
    const copies = await t.db.selectFrom('user_cards').select('id').where('user_id', '=', marta.userId).execute()
    expect(copies.map((copy) => copy.id).sort()).toEqual([given, kept].sort())
    expect(t.loggedErrors).toEqual([])
  })

  it('a comment on its memory: the memory is not found', async () => {
    const [marta, victim] = [await t.register(), await t.register()]
    const memoryId = await createMemory(t, victim, paris, { visibility: 3 })
    const { status, body } = await whileErased(victim, () =>
      t.call<PostCommentResult>('POST', '/api/memory/postComment', {
        token: marta.token,
        body: { memoryId, commentContent: 'What a trip!' },
      }),
    )
    expect({ status, message: body.metadata.message }).toEqual({ status: 404, message: 'Memory not found.' })
    expect(t.loggedErrors).toEqual([])
  })
})

describe('a payment confirmed while its buyer’s account is erased', () => {
  it('is refunded, and the anonymised tombstone that now holds the payment gets no credit', async () => {
    const buyer = await t.register()
    const created = await t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
      token: buyer.token,
      body: { selectedCreditProduct: 1 },
    })
    expect(created.status).toBe(200)

    const { status } = await whileErased(buyer, () =>
      t.call<TestModeConfirmResult>('POST', '/api/payment/testMode/confirmPayment', {
        body: {
          clientSecret: created.body.data.clientSecret,
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
        },
      }),
    )

    expect(status).toBe(200)
    const payment = await t.db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .innerJoin('test_payment_intents', 'test_payment_intents.id', 'payments.provider_payment_id')
      .select([
        'payments.fulfilled_at',
        'payments.refused_at',
        'payments.refunded_at',
        'test_payment_intents.status',
        'users.closed_at',
        'users.digital_credit',
        'users.physical_credit',
      ])
      .where('payments.provider_payment_id', '=', created.body.data.clientSecret.split('_secret_')[0] ?? '')
      .executeTakeFirstOrThrow()
    expect(payment).toEqual({
      fulfilled_at: null,
      refused_at: expect.any(String),
      refunded_at: expect.any(String),
      status: 'refunded',
      closed_at: expect.any(String),
      digital_credit: 0,
      physical_credit: 0,
    })
    await expectEveryLedgerToMatchBalances(t)
    expect(t.loggedErrors).toEqual([])
  })
})
