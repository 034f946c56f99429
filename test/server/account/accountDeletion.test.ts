import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'kysely'

import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DELETION_CANCELLED_NOTIFICATION,
  type RequestAccountDeletionResult,
} from '@shared/account'
import type { Friend } from '@shared/friends'
import type { Memory } from '@shared/memories'
import type { LoginResult } from '@shared/session'
import type { CreatePaymentIntentResult, ReferralRewardsResult } from '@shared/wallet'
import { ACCOUNT_DATA } from '@server/features/account/accountData'
import { eraseAccount, eraseDueAccounts } from '@server/features/account/deletion'
import { fulfilPayment } from '@server/features/wallet/service'
import { pinClock } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { buildTestApp, twoInstancesSharingRedis, type TestApp, type TestUser } from '@test/helpers/server'

import { grantDigitalCredit } from '../memories/fixtures'
import { expectEveryLedgerToMatchBalances } from '../wallet/walletKit'

import { buildTravellerWorld, expectOk, SECRETS, type TravellerWorld } from './accountKit'

jest.setTimeout(60_000)

const PASSWORD = 'correct horse battery'
const DAY_MS = 86_400_000
const quiet = { error: () => undefined }

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
afterEach(() => pinClock(null))

function requestDeletion(user: TestUser, username = user.username) {
  return t.call<RequestAccountDeletionResult>('POST', '/api/account/requestDeletion', {
    token: user.token,
    body: { username },
  })
}

function logIn(user: TestUser) {
  return t.call<LoginResult>('POST', '/api/login', { body: { email: user.email, password: PASSWORD } })
}

function deletionOf(userId: string) {
  return t.db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

function pictureFile(fileName: string): string {
  return path.join(t.config.dataDir, 'blobs', 'memory-pictures', fileName)
}

/** Every row, in every table that holds travellers' data, that still names the user. */
async function rowsNaming(userId: string): Promise<string[]> {
  const found: string[] = []
  for (const [table, fate] of Object.entries(ACCOUNT_DATA)) {
    if (fate.fate === 'notPersonal' || fate.fate === 'keptAsAudit') continue
    for (const column of fate.userColumns) {
      const { rows } = await sql<{ count: number | string }>`
        SELECT COUNT(*) AS count FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${userId}`.execute(t.db)
      if (Number(rows[0]?.count) > 0) found.push(`${table}.${column}`)
    }
  }
  return found
}

describe('asking for the deletion', () => {
  it('needs the username typed exactly, and changes nothing otherwise', async () => {
    const user = await t.register()
    const { status, body } = await requestDeletion(user, user.username.toUpperCase() + 'x')
    expect(status).toBe(400)
    expect(body.metadata.message).toBe(
      'The username you typed does not match yours. Type it exactly as shown to confirm.',
    )
    expect(await deletionOf(user.userId)).toBeUndefined()
    expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
  })

  it('is due after the grace period and ends every session of the account at once', async () => {
    const user = await t.register()
    const otherDevice = present((await logIn(user)).body.data).authKey
    const before = Date.now()
    const { status, body } = await requestDeletion(user)
    expect(status).toBe(200)
    const due = Date.parse(body.data.deletionDueAt)
    expect(due).toBeGreaterThanOrEqual(before + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS)
    expect(due).toBeLessThanOrEqual(Date.now() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS)
    expect(await deletionOf(user.userId)).toMatchObject({ due_at: body.data.deletionDueAt, started_at: null })
    for (const token of [user.token, otherDevice]) {
      expect((await t.call('GET', '/api/getUser', { token })).status).toBe(401)
    }
  })

  it('needs a login', async () => {
    const { status } = await t.call('POST', '/api/account/requestDeletion', { body: { username: 'anyone' } })
    expect(status).toBe(403)
  })
})

describe('a login during the grace period', () => {
  it('cancels the deletion, says so in its answer and in a notification, and the job leaves the account', async () => {
    const user = await t.register()
    await expectOk(requestDeletion(user))
    pinClock(new Date(Date.now() + (ACCOUNT_DELETION_GRACE_DAYS - 1) * DAY_MS))
    const login = await expectOk(logIn(user))
    expect(login.accountDeletionCancelled).toBe(true)
    expect(await deletionOf(user.userId)).toBeUndefined()
    const notifications = await t.db
      .selectFrom('notifications')
      .select(['title', 'content', 'link'])
      .where('user_id', '=', user.userId)
      .execute()
    expect(notifications).toContainEqual({ ...DELETION_CANCELLED_NOTIFICATION, link: '/myAccount' })

    pinClock(new Date(Date.now() + 30 * DAY_MS))
    await eraseDueAccounts(t.db, t.app.blobs, new Date(Date.now() + 30 * DAY_MS), quiet)
    expect((await t.call('GET', '/api/getUser', { token: login.authKey })).status).toBe(200)
  })

  it('answers false when there was nothing to cancel', async () => {
    const user = await t.register()
    expect((await expectOk(logIn(user))).accountDeletionCancelled).toBe(false)
  })

  it('fails like a wrong password once the grace period is over', async () => {
    const user = await t.register()
    await expectOk(requestDeletion(user))
    pinClock(new Date(Date.now() + (ACCOUNT_DELETION_GRACE_DAYS + 1) * DAY_MS))
    const { status, body } = await logIn(user)
    expect(status).toBe(400)
    expect(body.metadata.message).toBe('The e-mail or password is incorrect.')
    expect(await deletionOf(user.userId)).toBeDefined()
  })
})

describe('the deletion job', () => {
  let world: TravellerWorld
  let invitee: TestUser
  let lenaSessionToken: string
  beforeAll(async () => {
    // Deletions the tests above left waiting go first, so this run counts Marta's alone.
    await eraseDueAccounts(t.db, t.app.blobs, new Date(Date.now() + 30 * DAY_MS), quiet)
    world = await buildTravellerWorld(t)
    // Someone Marta invited, who stays.
    invitee = await t.register({ friendCode: world.marta.friendCode })
    lenaSessionToken = world.lena.token
    for (const url of shareUrls()) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    await expectOk(requestDeletion(world.marta))
    // Before the grace period ends, nothing happens.
    expect(await eraseDueAccounts(t.db, t.app.blobs, new Date(), quiet)).toBe(0)
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', world.marta.userId).executeTakeFirst(),
    ).toBeDefined()
    const later = new Date(Date.now() + (ACCOUNT_DELETION_GRACE_DAYS + 1) * DAY_MS)
    expect(await eraseDueAccounts(t.db, t.app.blobs, later, quiet)).toBe(1)
  })

  it('leaves no row that names the account, and deletes its picture files and travel map previews', async () => {
    expect(await rowsNaming(world.marta.userId)).toEqual([])
    const previews = path.join(t.config.dataDir, 'blobs', 'travel-maps', world.marta.userId)
    expect(fs.existsSync(previews) ? fs.readdirSync(previews) : []).toEqual([])
    for (const fileName of [...world.martaPictures, world.martaUnattachedPicture]) {
      expect(fs.existsSync(pictureFile(fileName))).toBe(false)
    }
    for (const fileName of [world.lenaPicture, world.strangerPicture]) {
      expect(fs.existsSync(pictureFile(fileName))).toBe(true)
    }
  })

  it('keeps the ledger rows and payments with an anonymised tombstone, every ledger still matching its balance', async () => {
    const tombstone = await t.db
      .selectFrom('users')
      .selectAll()
      .where('closed_at', 'is not', null)
      .where(
        'id',
        'in',
        t.db.selectFrom('credit_ledger').select('user_id').where('reference', '=', world.pickTransaction),
      )
      .executeTakeFirstOrThrow()
    expect(tombstone).toMatchObject({
      email: `closed:${tombstone.id}`,
      username: `closed:${tombstone.id}`,
      friend_code: `closed:${tombstone.id}`,
      password_hash: '',
      digital_credit: 0,
      physical_credit: 0,
      invited_by: null,
    })
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['reason', 'amount'])
      .where('user_id', '=', tombstone.id)
      .orderBy('created_at')
      .execute()
    // What Marta was granted, what her two picks and her draw cost, and the 1,500 left over, forfeited.
    expect(ledger).toEqual([
      { reason: 'test_grant', amount: 5_000 },
      { reason: 'pick', amount: -1_000 },
      { reason: 'draw', amount: -1_500 },
      { reason: 'pick', amount: -1_000 },
      { reason: 'account_closed', amount: -1_500 },
    ])
    await expectEveryLedgerToMatchBalances(t)
  })

  it("keeps others' data readable: Lena's memories, her reply to Marta's comment, her friends and the feed", async () => {
    const memory = await expectOk(
      t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${world.lenaFriendsMemory}`, { token: lenaSessionToken }),
    )
    expect(memory.taggedFriends).toEqual([])
    expect(memory.likes).toBe(0)
    expect(memory.comments).toEqual([
      expect.objectContaining({
        memoryCommentId: world.lenaReplyToMarta,
        commentContent: SECRETS.lenaReply,
        replyToCommentId: null,
      }),
    ])
    const friends = await expectOk(t.call<Friend[]>('GET', '/api/friends/getMyFriends', { token: lenaSessionToken }))
    expect(friends).toEqual([])
    for (const url of [
      '/api/feed/getMemoryFeed',
      '/api/memory/getMyMemories',
      '/api/getNotifications',
      '/api/getUser',
    ]) {
      expect((await t.call('GET', url, { token: lenaSessionToken })).status).toBe(200)
    }
    const gone = await t.call('GET', `/api/memory/getMemory?memoryId=${world.martaPublicMemory}`, {
      token: lenaSessionToken,
    })
    expect(gone.status).toBe(404)
    const referrals = await expectOk(
      t.call<ReferralRewardsResult>('GET', '/api/getReferralRewards', { token: invitee.token }),
    )
    expect(referrals.referrals).toEqual([])
    const inviteeRow = await t.db
      .selectFrom('users')
      .select('invited_by')
      .where('id', '=', invitee.userId)
      .executeTakeFirstOrThrow()
    expect(inviteeRow.invited_by).toBeNull()
  })

  it('answers 404 on the share pages of the account, its draw and its copy', async () => {
    for (const url of shareUrls()) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })

  function shareUrls(): string[] {
    return [
      `/s/user?shareId=${world.marta.friendCode}`,
      `/s/draw?shareId=${world.drawTransaction}`,
      `/s/card?shareId=${world.pickedCopy}`,
    ]
  }

  it('can no longer be logged into, and a new sign-up may take the e-mail', async () => {
    expect((await logIn(world.marta)).status).toBe(400)
    const again = await t.register({ email: world.marta.email })
    expect(again.userId).not.toBe(world.marta.userId)
  })

  it('does nothing more when it runs again', async () => {
    const users = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(await eraseDueAccounts(t.db, t.app.blobs, new Date(Date.now() + 30 * DAY_MS), quiet)).toBe(0)
    expect(await eraseAccount(t.db, t.app.blobs, world.marta.userId)).toBe(false)
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(after.count).toBe(users.count)
  })
})

describe('a deletion that stopped half-way or runs twice at once', () => {
  it('finishes on the next run after the files went but the rows stayed', async () => {
    const user = await t.register()
    await expectOk(requestDeletion(user))
    const later = new Date(Date.now() + (ACCOUNT_DELETION_GRACE_DAYS + 1) * DAY_MS)
    // The first steps of a run that then stopped: the claim, and the picture files.
    await t.db
      .updateTable('account_deletions')
      .set({ started_at: later.toISOString() })
      .where('user_id', '=', user.userId)
      .execute()
    expect((await logIn(user)).status).toBe(400)
    expect(await eraseAccount(t.db, t.app.blobs, user.userId, later)).toBe(true)
    expect(await rowsNaming(user.userId)).toEqual([])
  })

  it('deletes the account once when two runs take it together', async () => {
    const user = await t.register()
    await grantDigitalCredit(t, user.userId, 700)
    await expectOk(requestDeletion(user))
    const later = new Date(Date.now() + (ACCOUNT_DELETION_GRACE_DAYS + 1) * DAY_MS)
    const closedAccounts = async () =>
      (await t.db.selectFrom('users').select('id').where('closed_at', 'is not', null).execute()).length
    const tombstonesBefore = await closedAccounts()
    const outcomes = await Promise.all([
      eraseAccount(t.db, t.app.blobs, user.userId, later),
      eraseAccount(t.db, t.app.blobs, user.userId, later),
    ])
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    expect(await rowsNaming(user.userId)).toEqual([])
    expect(await closedAccounts()).toBe(tombstonesBefore + 1)
    await expectEveryLedgerToMatchBalances(t)
  })
})

describe('a purchase paid after its account was deleted', () => {
  it('is refunded, never credited to the anonymised tombstone', async () => {
    const user = await t.register()
    await expectOk(
      t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
        token: user.token,
        body: { selectedCreditProduct: 1 },
      }),
    )
    const { provider_payment_id: paymentId } = await t.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    await expectOk(requestDeletion(user))
    expect(await eraseAccount(t.db, t.app.blobs, user.userId, new Date(Date.now() + 30 * DAY_MS))).toBe(true)
    const payment = await t.db
      .selectFrom('payments')
      .select(['provider_payment_id', 'amount_cents', 'currency', 'user_id'])
      .where('provider_payment_id', '=', paymentId)
      .executeTakeFirstOrThrow()
    const refunded: string[] = []

    const outcome = await fulfilPayment(
      t.db,
      { refundIntent: async (id) => void refunded.push(id) },
      {
        id: payment.provider_payment_id,
        status: 'succeeded',
        amountCents: payment.amount_cents,
        currency: payment.currency,
      },
    )

    expect(outcome).toBe('accountClosed')
    expect(refunded).toEqual([payment.provider_payment_id])
    const tombstone = await t.db
      .selectFrom('users')
      .select(['digital_credit', 'physical_credit', 'closed_at'])
      .where('id', '=', payment.user_id)
      .executeTakeFirstOrThrow()
    expect(tombstone).toMatchObject({ digital_credit: 0, physical_credit: 0, closed_at: expect.any(String) })
    await expectEveryLedgerToMatchBalances(t)
  })
})

describe('a purchase paid once the deletion has started', () => {
  it('is refunded, not credited to the account whose credit is about to be forfeited', async () => {
    const user = await t.register()
    const intent = await expectOk(
      t.call<CreatePaymentIntentResult>('POST', '/api/payment/createPaymentIntent', {
        token: user.token,
        body: { selectedCreditProduct: 1 },
      }),
    )
    await expectOk(requestDeletion(user))
    const before = await t.db
      .selectFrom('users')
      .select(['digital_credit', 'physical_credit'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    // The deletion job has claimed the request and is deleting the picture files.
    await t.db
      .updateTable('account_deletions')
      .set({ started_at: new Date().toISOString() })
      .where('user_id', '=', user.userId)
      .execute()

    const { status } = await t.call('POST', '/api/payment/testMode/confirmPayment', {
      body: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    })

    expect(status).toBe(200)
    const payment = await t.db
      .selectFrom('payments')
      .innerJoin('test_payment_intents', 'test_payment_intents.id', 'payments.provider_payment_id')
      .select(['payments.fulfilled_at', 'payments.refused_at', 'payments.refunded_at', 'test_payment_intents.status'])
      .where('payments.user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(payment).toEqual({
      fulfilled_at: null,
      refused_at: expect.any(String),
      refunded_at: expect.any(String),
      status: 'refunded',
    })
    expect(
      await t.db
        .selectFrom('users')
        .select(['digital_credit', 'physical_credit'])
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before)
    await expectEveryLedgerToMatchBalances(t)
  })
})

describe('with several instances and Redis', () => {
  const instances = twoInstancesSharingRedis()

  it('logs the traveller out on every instance as soon as the deletion is asked for on one', async () => {
    const user = await instances.first.register()
    // The second instance looks the session up once and would trust it for ten minutes.
    expect((await instances.second.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
    const { status } = await instances.first.call('POST', '/api/account/requestDeletion', {
      token: user.token,
      body: { username: user.username },
    })
    expect(status).toBe(200)
    expect(await statusOnceDelivered(() => instances.second.call('GET', '/api/getUser', { token: user.token }))).toBe(
      401,
    )
  })
})

/** Pub/sub delivers the end of a session a moment later: the answer once it has arrived (or the last after 10 s). */
async function statusOnceDelivered(call: () => Promise<{ status: number }>): Promise<number> {
  let status = (await call()).status
  for (let attempt = 0; status !== 401 && attempt < 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    status = (await call()).status
  }
  return status
}
