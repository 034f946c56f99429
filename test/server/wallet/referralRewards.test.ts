import type { FreeDrawnCard } from '@shared/acquire'
import { REFERRAL_REWARDS_PER_MONTH } from '@shared/constants'
import type { Notification } from '@shared/notifications'
import type { CreditCertificate, ReferralRewardsResult } from '@shared/wallet'
import { grantRegistrationGifts } from '@server/features/wallet/registration'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { giveDigitalCredit } from '../acquire/helpers'

import { expectEveryLedgerToMatchBalances, expectLedgerToMatchBalances } from './walletKit'

describe('POST /api/register gifts and referral rewards', () => {
  let t: TestApp
  let commonCardId: string
  beforeAll(async () => {
    // More registrations than one address may make in an hour; the limit has its own tests.
    t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
    const card = await t.db
      .selectFrom('cards')
      .select('id')
      .where('rarity', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    commonCardId = card.id
  })
  afterAll(() => t.close())
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  async function certificates(token: string) {
    return (await t.call<CreditCertificate[]>('GET', '/api/payment/getMyCreditCertificates', { token })).body.data
  }
  async function digitalCredit(token: string) {
    return (await t.call<{ digitalCredit: number }>('GET', '/api/getUser', { token })).body.data.digitalCredit
  }
  async function notifications(token: string) {
    return (await t.call<Notification[]>('GET', '/api/getNotifications', { token })).body.data
  }
  async function referrals(token: string) {
    return (await t.call<ReferralRewardsResult>('GET', '/api/getReferralRewards', { token })).body.data
  }
  /** The invitee's first card, bought with credit of their own. */
  async function pickFirstCard(invitee: TestUser) {
    await giveDigitalCredit(t, invitee.userId, 5_000)
    const { status } = await t.call('POST', '/api/pickCard', {
      token: invitee.token,
      body: { selectedCardId: commonCardId },
    })
    expect(status).toBe(200)
  }
  /**
   * An invitee whose address counts as confirmed without a link: an account from before confirmation existed (the
   * migration marks those). Confirming through the e-mailed link pays the reward itself
   * (test/server/session/emailVerification.test.ts).
   */
  async function countedAsConfirmed(invitee: TestUser) {
    await t.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', invitee.userId)
      .execute()
    return invitee
  }
  async function registerRaw(body: Record<string, string>) {
    const email = `${Math.random().toString(36).slice(2)}@example.com`
    return t.call<{ invitationReward: boolean; authKey: string }>('POST', '/api/register', {
      body: { email, name: email.split('@')[0], password: 'correct horse battery', ...body },
    })
  }

  it('gives every new user a 10000-credit welcome certificate and no invitation', async () => {
    const { status, body } = await registerRaw({})
    expect(status).toBe(200)
    expect(body.data.invitationReward).toBe(false)
    expect(await certificates(body.data.authKey)).toEqual([
      expect.objectContaining({ creditValue: 10_000, source: 'welcome' }),
    ])
  })

  it("gives the invitee both certificates and the friendship at once, and holds the inviter's reward", async () => {
    const inviter = await t.register()
    const { status, body } = await registerRaw({ friendCode: inviter.friendCode.toLowerCase() })
    expect(status).toBe(200)
    expect(body.data.invitationReward).toBe(true)

    const invitee = await t.db
      .selectFrom('users')
      .select(['id', 'username', 'invited_by'])
      .where('invited_by', '=', inviter.userId)
      .executeTakeFirstOrThrow()
    const sources = (await certificates(body.data.authKey)).map((certificate) => [
      certificate.source,
      certificate.creditValue,
    ])
    expect(sources.sort()).toEqual([
      ['invitation', 10_000],
      ['welcome', 10_000],
    ])
    const friends = await t.db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', inviter.userId)
      .execute()
    expect(friends.map((row) => row.friend_id)).toEqual([invitee.id])

    expect(await digitalCredit(inviter.token)).toBe(0)
    const inbox = await notifications(inviter.token)
    expect(inbox).toHaveLength(1)
    expect(inbox[0]?.notificationContent).toBe(
      `${invitee.username} joined with your friend code. You receive 10,000 digital credit when they confirm their e-mail address.`,
    )
    expect(await referrals(inviter.token)).toEqual({
      rewardCredit: 10_000,
      monthlyLimit: REFERRAL_REWARDS_PER_MONTH,
      paidThisMonth: 0,
      pendingCount: 1,
      referrals: [
        {
          username: invitee.username,
          avatarId: expect.any(Number),
          joinedAt: expect.any(String),
          status: 'pending',
          settledAt: null,
        },
      ],
    })
  })

  it('pays nothing at the first pick of an invitee who has not confirmed their address', async () => {
    const inviter = await t.register()
    const invitee = await t.register({ friendCode: inviter.friendCode })
    await pickFirstCard(invitee)
    expect(await digitalCredit(inviter.token)).toBe(0)
    expect((await referrals(inviter.token)).pendingCount).toBe(1)
  })

  it('pays the inviter once, at the first pick of an invitee counted as confirmed before confirmation existed', async () => {
    const inviter = await t.register()
    const invitee = await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode }))
    await pickFirstCard(invitee)
    expect(await digitalCredit(inviter.token)).toBe(10_000)
    await pickFirstCard(invitee)
    expect(await digitalCredit(inviter.token)).toBe(10_000)

    const inbox = await notifications(inviter.token)
    expect(inbox.map((notification) => notification.title)).toEqual([
      'Your referral reward arrived',
      'Your friend joined Wandercards',
    ])
    expect(inbox[0]?.notificationContent).toBe(
      `${invitee.username} collected their first card. You received 10,000 digital credit.`,
    )
    const summary = await referrals(inviter.token)
    expect(summary).toMatchObject({ paidThisMonth: 1, pendingCount: 0 })
    expect(summary.referrals).toEqual([
      expect.objectContaining({ username: invitee.username, status: 'paid', settledAt: expect.any(String) }),
    ])
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('pays the inviter at the first paid draw of an invitee counted as confirmed', async () => {
    const inviter = await t.register()
    const invitee = await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode }))
    await giveDigitalCredit(t, invitee.userId, 5_000)
    const { status } = await t.call('GET', '/api/drawCard?tenDraws=0', { token: invitee.token })
    expect(status).toBe(200)
    expect(await digitalCredit(inviter.token)).toBe(10_000)
  })

  it('does not count the free draw a visitor claims by registering', async () => {
    const inviter = await t.register()
    const drawn = (await t.call<FreeDrawnCard>('GET', '/api/public/freeDrawCard')).body.data
    await t.register({ friendCode: inviter.friendCode, freeDrawTransactionId: drawn.transactionId })
    expect(await digitalCredit(inviter.token)).toBe(0)
    expect((await referrals(inviter.token)).pendingCount).toBe(1)
  })

  it('pays once however many first picks of the invitee race', async () => {
    const inviter = await t.register()
    const invitee = await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode }))
    await giveDigitalCredit(t, invitee.userId, 50_000)
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', '/api/pickCard', { token: invitee.token, body: { selectedCardId: commonCardId } }),
      ),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200))
    expect(await digitalCredit(inviter.token)).toBe(10_000)
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it(`pays at most ${REFERRAL_REWARDS_PER_MONTH} rewards a month, even when the last ones race`, async () => {
    const inviter = await t.register()
    const month = new Date().toISOString().slice(0, 7)
    await t.db
      .insertInto('referral_reward_months')
      .values({ inviter_id: inviter.userId, month, paid_count: REFERRAL_REWARDS_PER_MONTH - 1 })
      .execute()
    const invitees = [
      await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode })),
      await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode })),
    ]
    await Promise.all(invitees.map((invitee) => giveDigitalCredit(t, invitee.userId, 5_000)))
    const responses = await Promise.all(
      invitees.map((invitee) =>
        t.call('POST', '/api/pickCard', { token: invitee.token, body: { selectedCardId: commonCardId } }),
      ),
    )
    expect(responses.map((response) => response.status)).toEqual([200, 200])

    expect(await digitalCredit(inviter.token)).toBe(10_000)
    const summary = await referrals(inviter.token)
    expect(summary.paidThisMonth).toBe(REFERRAL_REWARDS_PER_MONTH)
    expect(summary.referrals.map((referral) => referral.status).sort()).toEqual(['overLimit', 'paid'])
    const titles = (await notifications(inviter.token)).map((notification) => notification.title)
    expect(titles).toContain('Monthly referral limit reached')
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('holds the reward once per invitee even if the gifts are granted again', async () => {
    const inviter = await t.register()
    const invitee = await t.register({ friendCode: inviter.friendCode })
    await t.db
      .transaction()
      .execute((trx) =>
        grantRegistrationGifts(trx, { id: invitee.userId, username: invitee.username }, { id: inviter.userId }),
      )
    expect(await notifications(inviter.token)).toHaveLength(1)
    expect(await certificates(invitee.token)).toHaveLength(2)
    await countedAsConfirmed(invitee)
    await pickFirstCard(invitee)
    expect(await digitalCredit(inviter.token)).toBe(10_000)
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('rewards an inviter for each friend who joins and starts collecting', async () => {
    const inviter = await t.register()
    const first = await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode }))
    const second = await countedAsConfirmed(await t.register({ friendCode: inviter.friendCode }))
    await pickFirstCard(first)
    await pickFirstCard(second)
    expect(await digitalCredit(inviter.token)).toBe(20_000)
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('shows referrals only to their logged-in inviter', async () => {
    expect((await t.call('GET', '/api/getReferralRewards')).status).toBe(403)
    const stranger = await t.register()
    expect(await referrals(stranger.token)).toMatchObject({ pendingCount: 0, referrals: [] })
  })

  it('counts a ref that is a friend code as an invitation', async () => {
    const inviter = await t.register()
    const { body } = await registerRaw({ ref: inviter.friendCode })
    expect(body.data.invitationReward).toBe(true)
    expect((await referrals(inviter.token)).pendingCount).toBe(1)
    const invitee = await t.db
      .selectFrom('users')
      .select(['invited_by', 'referral_source'])
      .where('invited_by', '=', inviter.userId)
      .executeTakeFirstOrThrow()
    expect(invitee.referral_source).toBe(inviter.friendCode)
  })

  it('keeps an unknown ref for attribution and still registers', async () => {
    const { status, body } = await registerRaw({ ref: 'spring-newsletter' })
    expect(status).toBe(200)
    expect(body.data.invitationReward).toBe(false)
    expect(await certificates(body.data.authKey)).toHaveLength(1)
    const user = await t.db
      .selectFrom('users')
      .select(['referral_source', 'invited_by'])
      .where('referral_source', '=', 'spring-newsletter')
      .executeTakeFirstOrThrow()
    expect(user.invited_by).toBeNull()
  })

  it('registers without an invitation when r is an unknown friend code', async () => {
    const { status, body } = await registerRaw({ friendCode: 'ZZZZZZ', ref: 'ZZZZZZ' })
    expect(status).toBe(200)
    expect(body.data.invitationReward).toBe(false)
  })

  it('lets the invitee redeem both certificates into 20000 digital credit', async () => {
    const inviter = await t.register()
    const invitee = await t.register({ friendCode: inviter.friendCode })
    for (const certificate of await certificates(invitee.token)) {
      const { status } = await t.call('POST', '/api/payment/redeemCreditCertificate', {
        token: invitee.token,
        body: { redeemCode: certificate.redeemCode },
      })
      expect(status).toBe(200)
    }
    expect(await digitalCredit(invitee.token)).toBe(20_000)
    await expectLedgerToMatchBalances(t, invitee.userId)
  })
})
