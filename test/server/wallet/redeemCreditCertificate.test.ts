import { TEXTS } from '@shared/texts'
import type { CreditCertificate, RedeemCreditCertificateResult } from '@shared/wallet'
import { issueCertificate } from '@server/features/wallet/certificates'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { certificateCodes, expectEveryLedgerToMatchBalances, expectLedgerToMatchBalances } from './walletKit'

describe('POST /api/payment/redeemCreditCertificate', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  async function redeem(user: TestUser, redeemCode: string) {
    return t.call<RedeemCreditCertificateResult>('POST', '/api/payment/redeemCreditCertificate', {
      token: user.token,
      body: { redeemCode },
    })
  }

  it('redeems the welcome certificate into digital credit and removes it from the wallet', async () => {
    const user = await t.register()
    const listed = await t.call<CreditCertificate[]>('GET', '/api/payment/getMyCreditCertificates', {
      token: user.token,
    })
    expect(listed.status).toBe(200)
    expect(listed.body.data).toEqual([
      {
        creditCertificateId: expect.any(String),
        creditValue: 10_000,
        redeemCode: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/),
        source: 'welcome',
      },
    ])

    const { status, body } = await redeem(user, present(listed.body.data[0], 'the welcome certificate').redeemCode)
    expect(status).toBe(200)
    expect(body.data).toEqual({
      result: true,
      creditValue: 10_000,
      userData: { digitalCredit: 10_000, physicalCredit: 0 },
    })
    const after = await t.call<CreditCertificate[]>('GET', '/api/payment/getMyCreditCertificates', {
      token: user.token,
    })
    expect(after.body.data).toEqual([])
    await expectLedgerToMatchBalances(t, user.userId)
  })

  it('accepts a code typed in lower case without dashes', async () => {
    const user = await t.register()
    const code = present((await certificateCodes(t, user.userId, 'welcome'))[0], 'the welcome certificate')
    const { status, body } = await redeem(user, `  ${code.replace(/-/g, ' ').toLowerCase()} `)
    expect(status).toBe(200)
    expect(body.data.creditValue).toBe(10_000)
  })

  it('returns 422 with "The certificate is not valid." when the certificate was already redeemed', async () => {
    const user = await t.register()
    const code = present((await certificateCodes(t, user.userId, 'welcome'))[0], 'the welcome certificate')
    expect((await redeem(user, code)).status).toBe(200)
    const again = await redeem(user, code)
    expect(again.status).toBe(422)
    expect(again.body.metadata.message).toBe(TEXTS.certificateNotValid)
    expect((await t.call('GET', '/api/getUser', { token: user.token })).body.data).toMatchObject({
      digitalCredit: 10_000,
    })
    await expectLedgerToMatchBalances(t, user.userId)
  })

  it('returns 422 with "The certificate is not valid." for an unknown or malformed code', async () => {
    const user = await t.register()
    for (const code of ['ABCD-EFGH-JKMN-PQRS', 'nonsense', '']) {
      const { status, body } = await redeem(user, code)
      expect(status).toBe(422)
      expect(body.metadata.message).toBe(TEXTS.certificateNotValid)
    }
  })

  it("returns 422 for someone else's certificate and leaves it in the owner's wallet", async () => {
    const owner = await t.register()
    const other = await t.register()
    const code = present((await certificateCodes(t, owner.userId, 'welcome'))[0], 'the welcome certificate')
    const { status, body } = await redeem(other, code)
    expect(status).toBe(422)
    expect(body.metadata.message).toBe(TEXTS.certificateNotValid)
    expect(await certificateCodes(t, owner.userId, 'welcome')).toEqual([code])
    await expectLedgerToMatchBalances(t, other.userId)
  })

  it('redeems a physical-credit certificate into physical credit', async () => {
    const user = await t.register()
    const issued = await t.db.transaction().execute((trx) =>
      issueCertificate(trx, {
        userId: user.userId,
        creditValue: 2_500,
        currency: 'physical',
        source: 'draw',
        sourceRef: `test-${user.userId}`,
      }),
    )
    const { body } = await redeem(user, present(issued, 'the issued certificate').redeemCode)
    expect(body.data.userData).toEqual({ digitalCredit: 0, physicalCredit: 2_500 })
    await expectLedgerToMatchBalances(t, user.userId)
  })

  it('returns 403 to a visitor', async () => {
    expect(
      (await t.call('POST', '/api/payment/redeemCreditCertificate', { body: { redeemCode: 'ABCD-EFGH-JKMN-PQRS' } }))
        .status,
    ).toBe(403)
    expect((await t.call('GET', '/api/payment/getMyCreditCertificates')).status).toBe(403)
  })
})

describe('POST /api/payment/redeemCreditCertificate under concurrency', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  it('gives one success to 20 concurrent redemptions of one code', async () => {
    const user = await t.register()
    const code = present((await certificateCodes(t, user.userId, 'welcome'))[0], 'the welcome certificate')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/payment/redeemCreditCertificate', { token: user.token, body: { redeemCode: code } }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(19)
    for (const answer of refused) {
      expect(answer.status).toBe(422)
      expect(answer.body.metadata.message).toBe(TEXTS.certificateNotValid)
    }
    const rows = await t.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', user.userId)
      .where('reason', '=', 'certificate')
      .execute()
    expect(rows).toHaveLength(1)
    expect((await t.call('GET', '/api/getUser', { token: user.token })).body.data).toMatchObject({
      digitalCredit: 10_000,
    })
    await expectLedgerToMatchBalances(t, user.userId)
  })
})

describe('POST /api/payment/redeemCreditCertificate rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())
  afterEach(() => expectEveryLedgerToMatchBalances(t))

  it('returns 429 after 30 attempts a minute from one client', async () => {
    const user = await t.register()
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const { status } = await t.call('POST', '/api/payment/redeemCreditCertificate', {
        token: user.token,
        body: { redeemCode: 'ABCD-EFGH-JKMN-PQRS' },
      })
      expect(status).toBe(422)
    }
    const limited = await t.call('POST', '/api/payment/redeemCreditCertificate', {
      token: user.token,
      body: { redeemCode: 'ABCD-EFGH-JKMN-PQRS' },
    })
    expect(limited.status).toBe(429)
    expect(limited.body.metadata.errorCode).toBe('TooManyRequests')
  })
})
