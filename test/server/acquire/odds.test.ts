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
      await t.db.transaction().execute((trx) => drawCard(trx, t.app.catalogue, user.userId, true, random))

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
      const certificates = rollDraw(10, random).slots.filter((slot) => slot.kind === 'certificate').length
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

describe('the Epic-or-better guarantee', () => {
  const GUARANTEE = ECONOMY.epicGuaranteeDraws

  /** A long run of paid draws carrying the counter from one to the next, as drawCard does. */
  function rollMany(draws: number, size: number, seed: number) {
    const random = seededRandomInt(seed)
    let drawsSinceEpic = 0
    let longestRunWithoutEpic = 0
    const guaranteedAt: number[] = []
    const free: Record<Rarity, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
    const guaranteed: Record<Rarity, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
    let cards = 0
    let counterMismatches = 0
    for (let i = 0; i < draws; i += 1) {
      const rolled = rollDraw(size, random, drawsSinceEpic)
      let counter = drawsSinceEpic
      for (const slot of rolled.slots) {
        if (slot.kind !== 'card') continue
        cards += 1
        if (slot.guaranteed) {
          guaranteed[slot.rarity] += 1
          guaranteedAt.push(counter)
        } else free[slot.rarity] += 1
        counter = slot.rarity >= 4 ? 0 : counter + 1
        longestRunWithoutEpic = Math.max(longestRunWithoutEpic, counter)
      }
      if (rolled.drawsSinceEpic !== counter) counterMismatches += 1
      drawsSinceEpic = rolled.drawsSinceEpic
    }
    return { free, guaranteed, guaranteedAt, longestRunWithoutEpic, cards, counterMismatches }
  }

  it.each([
    ['single draws', 1, 100_000],
    ['ten-draws', 10, 20_000],
  ])('gives %s an Epic or better on the guaranteed card at the latest, and only there', (_name, size, draws) => {
    const { guaranteed, guaranteedAt, longestRunWithoutEpic, counterMismatches } = rollMany(
      draws,
      size,
      20261123 + size,
    )

    expect(counterMismatches).toBe(0)
    expect(longestRunWithoutEpic).toBe(GUARANTEE - 1)
    expect(new Set(guaranteedAt)).toEqual(new Set([GUARANTEE - 1]))
    expect(guaranteed[1] + guaranteed[2] + guaranteed[3]).toBe(0)
    expect(guaranteed[4] + guaranteed[5]).toBe(guaranteedAt.length)
  })

  it('leaves every card the guarantee does not decide to the published odds', () => {
    const { free, guaranteed, cards } = rollMany(20_000, 10, 99)
    const undecided = RARITIES.reduce((sum, rarity) => sum + free[rarity], 0)

    expect(chiSquare(free, undecided)).toBeLessThan(CHI_SQUARE_4DF_P0001)
    // The decided cards split between Epic and Legendary by their own odds (4:1).
    const decided = guaranteed[4] + guaranteed[5]
    const legendaryShare =
      ECONOMY.drawOddsBasisPoints[5] / (ECONOMY.drawOddsBasisPoints[4] + ECONOMY.drawOddsBasisPoints[5])
    const spread = Math.sqrt(decided * legendaryShare * (1 - legendaryShare))
    expect(Math.abs(guaranteed[5] - decided * legendaryShare)).toBeLessThan(6 * spread)
    // About 8% of runs reach the guarantee (0.95^49), one decided card in about 230; the band is generous.
    expect(decided / cards).toBeGreaterThan(0.002)
    expect(decided / cards).toBeLessThan(0.008)
  })

  it('does not count a certificate as a card', () => {
    let calls = 0
    // The certificate roll, its slot and its value take the first three answers; every card after is the middle.
    const random = (max: number) => (calls++ < 3 ? 0 : Math.floor(max / 2))

    const rolled = rollDraw(10, random, GUARANTEE - 1)

    expect(rolled.slots[0]).toEqual({ kind: 'certificate', creditValue: ECONOMY.certificateValues[0].creditValue })
    expect(rolled.slots[1]).toMatchObject({ kind: 'card', guaranteed: true })
    expect(rolled.drawsSinceEpic).toBe(8)
  })
})
