import { ECONOMY, type Rarity } from '@shared/constants'
import { rollDraw, rollRarity } from '@server/features/acquire/odds'
import { drawCard } from '@server/features/acquire/service'

import { buildTestApp, type TestApp } from '../../helpers/server'

import { giveDigitalCredit, seededRandomInt } from './helpers'

// Building a seeded database and drawing thousands of cards takes a while on a busy machine.
jest.setTimeout(120_000)

const RARITIES: Rarity[] = [1, 2, 3, 4, 5]
/** Chi-square critical value for 4 degrees of freedom at p = 0.0001: generous, so a correct draw essentially never fails. */
const CHI_SQUARE_4DF_P0001 = 23.51

function chiSquare(counts: Record<Rarity, number>, total: number): number {
  return RARITIES.reduce((sum, rarity) => {
    const expected = (total * ECONOMY.drawOddsBasisPoints[rarity]) / 10_000
    return sum + (counts[rarity] - expected) ** 2 / expected
  }, 0)
}

describe('drawCard odds', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('draws rarities that follow the published odds', async () => {
    const user = await t.register()
    const tenDraws = 300
    await giveDigitalCredit(t, user.userId, tenDraws * ECONOMY.prices.priceDigitalCardTenDraws)
    const random = seededRandomInt(20261122)

    for (let i = 0; i < tenDraws; i += 1)
      await t.db.transaction().execute((trx) => drawCard(trx, user.userId, true, random))

    const rows = await t.db
      .selectFrom('user_cards')
      .innerJoin('cards', 'cards.id', 'user_cards.card_id')
      .select(['cards.rarity', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_cards.user_id', '=', user.userId)
      .groupBy('cards.rarity')
      .execute()
    const counts = Object.fromEntries(
      RARITIES.map((rarity) => [rarity, rows.find((row) => row.rarity === rarity)?.count ?? 0]),
    ) as Record<Rarity, number>
    const total = RARITIES.reduce((sum, rarity) => sum + counts[rarity], 0)
    expect(total).toBeGreaterThan(tenDraws * 9)
    expect(chiSquare(counts, total)).toBeLessThan(CHI_SQUARE_4DF_P0001)
  })
})

describe('rollDraw', () => {
  it('never puts more than one certificate in a draw and keeps the certificate rate near the published chance', () => {
    const random = seededRandomInt(7)
    const draws = 50_000
    let withCertificate = 0
    let mostInOneDraw = 0
    for (let i = 0; i < draws; i += 1) {
      const certificates = rollDraw(10, random).filter((slot) => slot.kind === 'certificate').length
      mostInOneDraw = Math.max(mostInOneDraw, certificates)
      withCertificate += certificates
    }
    expect(mostInOneDraw).toBe(1)
    const expected = (draws * ECONOMY.certificateChanceBasisPoints) / 10_000
    // Binomial standard deviation is about 31 here; six of them is a generous band.
    expect(Math.abs(withCertificate - expected)).toBeLessThan(6 * Math.sqrt(expected))
  })

  it('maps the lowest rolls to Common and the highest to Legendary', () => {
    expect(rollRarity(() => 0)).toBe(1)
    expect(rollRarity(() => ECONOMY.drawOddsBasisPoints[1] - 1)).toBe(1)
    expect(rollRarity(() => ECONOMY.drawOddsBasisPoints[1])).toBe(2)
    expect(rollRarity((max) => max - 1)).toBe(5)
  })
})
