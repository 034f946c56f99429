import fc from 'fast-check'

import { ledgerSums } from '@server/features/wallet/ledger'
import { present } from '@test/helpers/present'

import { buildTestApp, type TestApp } from '../../helpers/server'

import { digitalBalance, giveDigitalCredit } from './helpers'

// Each run registers a user and makes up to a dozen calls; the busy test machine needs time.
jest.setTimeout(300_000)

type Step =
  | { kind: 'pick'; rarity: 1 | 2 | 3; index: number }
  | { kind: 'draw'; tenDraws: boolean }
  | { kind: 'redeem'; index: number; replay: boolean }
  | { kind: 'recycle'; index: number; replay: boolean }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pick' as const),
    rarity: fc.constantFrom(1 as const, 2 as const, 3 as const),
    index: fc.nat(50),
  }),
  fc.record({ kind: fc.constant('draw' as const), tenDraws: fc.boolean() }),
  fc.record({ kind: fc.constant('redeem' as const), index: fc.nat(5), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('recycle' as const), index: fc.nat(20), replay: fc.boolean() }),
)

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('credit through pick, draw, redeem and recycle', () => {
  it('keeps the balance equal to the ledger sum and never negative', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30_000 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }),
        async (startingCredit, steps) => {
          const user = await t.register()
          if (startingCredit > 0) await giveDigitalCredit(t, user.userId, startingCredit)
          const used = { certificates: [] as string[], userCards: [] as string[] }

          for (const step of steps) {
            await runStep(user.token, user.userId, step, used)
            const balance = await digitalBalance(t, user.userId)
            expect(balance).toBeGreaterThanOrEqual(0)
            expect((await ledgerSums(t.db, user.userId)).digital).toBe(balance)
          }
        },
      ),
      { numRuns: 15 },
    )
  })
})

async function runStep(
  token: string,
  userId: string,
  step: Step,
  used: { certificates: string[]; userCards: string[] },
): Promise<void> {
  switch (step.kind) {
    case 'pick': {
      const cards = await t.db
        .selectFrom('cards')
        .select('id')
        .where('rarity', '=', step.rarity)
        .orderBy('id')
        .limit(51)
        .execute()
      const response = await t.call('POST', '/api/pickCard', {
        token,
        body: { selectedCardId: present(cards[step.index % cards.length], 'a card of the rarity').id },
      })
      expect([200, 422]).toContain(response.status)
      return
    }
    case 'draw': {
      const response = await t.call('GET', `/api/drawCard${step.tenDraws ? '?tenDraws=1' : ''}`, { token })
      expect([200, 422]).toContain(response.status)
      return
    }
    case 'redeem': {
      const certificates = await t.db
        .selectFrom('credit_certificates')
        .select('redeem_code')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
      const code =
        step.replay && used.certificates.length > 0
          ? used.certificates[step.index % used.certificates.length]
          : certificates[step.index % Math.max(1, certificates.length)]?.redeem_code
      if (!code) return
      used.certificates.push(code)
      const response = await t.call('POST', '/api/payment/redeemCreditCertificate', {
        token,
        body: { redeemCode: code },
      })
      expect(response.status).toBeLessThan(500)
      return
    }
    case 'recycle': {
      const copies = await t.db
        .selectFrom('user_cards')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
      const userCardId =
        step.replay && used.userCards.length > 0
          ? used.userCards[step.index % used.userCards.length]
          : copies[step.index % Math.max(1, copies.length)]?.id
      if (!userCardId) return
      used.userCards.push(userCardId)
      const response = await t.call('POST', '/api/recycleUserCard', { token, body: { userCardId } })
      expect(response.status).toBeLessThan(500)
      return
    }
  }
}
