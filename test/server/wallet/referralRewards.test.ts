import type { Notification } from '@shared/notifications'
import type { CreditCertificate } from '@shared/wallet'
import { grantRegistrationGifts } from '@server/features/wallet/registration'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { expectEveryLedgerToMatchBalances, expectLedgerToMatchBalances } from './walletTestKit'

describe('POST /api/register gifts and referral rewards', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
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
  async function registerRaw(body: Record<string, string>) {
    const email = `${Math.random().toString(36).slice(2)}@example.com`
    return t.call<{ invitationReward: boolean; authKey: string }>('POST', '/api/register', {
      body: { email, name: email.split('@')[0], password: 'pw', ...body },
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

  it('rewards both sides once when a user joins through a profile share link (r = friend code)', async () => {
    const inviter = await t.register()
    const { status, body } = await registerRaw({ friendCode: inviter.friendCode.toLowerCase() })
    expect(status).toBe(200)
    expect(body.data.invitationReward).toBe(true)

    const invitee = await t.db
      .selectFrom('users')
      .select(['id', 'invited_by'])
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
    expect(await digitalCredit(inviter.token)).toBe(10_000)
    const inbox = await notifications(inviter.token)
    expect(inbox).toHaveLength(1)
    expect(inbox[0]?.notificationContent).toContain('10,000')
    const friends = await t.db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', inviter.userId)
      .execute()
    expect(friends.map((row) => row.friend_id)).toEqual([invitee.id])
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('rewards the inviter once per invitee even if the gifts are granted again', async () => {
    const inviter = await t.register()
    const invitee = await t.register({ friendCode: inviter.friendCode })
    await t.db
      .transaction()
      .execute((trx) =>
        grantRegistrationGifts(trx, { id: invitee.userId, username: invitee.username }, { id: inviter.userId }),
      )
    expect(await digitalCredit(inviter.token)).toBe(10_000)
    expect(await notifications(inviter.token)).toHaveLength(1)
    expect(await certificates(invitee.token)).toHaveLength(2)
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('rewards an inviter for each friend who joins', async () => {
    const inviter = await t.register()
    await t.register({ friendCode: inviter.friendCode })
    await t.register({ friendCode: inviter.friendCode })
    expect(await digitalCredit(inviter.token)).toBe(20_000)
    await expectLedgerToMatchBalances(t, inviter.userId)
  })

  it('counts a ref that is a friend code as an invitation', async () => {
    const inviter = await t.register()
    const { body } = await registerRaw({ ref: inviter.friendCode })
    expect(body.data.invitationReward).toBe(true)
    expect(await digitalCredit(inviter.token)).toBe(10_000)
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
