import type { CardDrawResult, DrawCardResult, DrawPity } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import * as drawPityMigration from '@server/db/migrations/2026_11_23_0300_draw_pity'
import { drawCard } from '@server/features/acquire/service'
import { ledgerSums } from '@server/features/wallet/ledger'
import { pinClock } from '@server/lib/clock'

import { buildTestApp, type TestApp, type TestUser } from '../../helpers/server'

import { giveDigitalCredit } from './helpers'

// Building a seeded database takes a few seconds on a busy machine.
jest.setTimeout(90_000)

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const GUARANTEE = ECONOMY.epicGuaranteeDraws
const { priceDigitalCardDraw, priceDigitalCardTenDraws, priceDigitalCardPickCommon } = ECONOMY.prices

/** No certificate and a Common card on every roll the guarantee does not decide (Epic when it does). */
const middle = (max: number): number => Math.floor(max / 2)

function drawWith(userId: string, tenDraws: boolean) {
  return t.db.transaction().execute((trx) => drawCard(trx, t.app.catalogue, userId, tenDraws, middle))
}

async function setCounter(userId: string, drawsSinceEpic: number): Promise<void> {
  await t.db.updateTable('users').set({ draws_since_epic: drawsSinceEpic }).where('id', '=', userId).execute()
}

async function pity(user: TestUser): Promise<DrawPity> {
  const response = await t.call<DrawPity>('GET', '/api/getDrawPity', { token: user.token })
  expect(response.status).toBe(200)
  return response.body.data
}

async function drawnRarities(transactionId: string): Promise<number[]> {
  const rows = await t.db
    .selectFrom('draw_items')
    .innerJoin('cards', 'cards.id', 'draw_items.card_id')
    .select('cards.rarity')
    .where('draw_items.transaction_id', '=', transactionId)
    .orderBy('draw_items.position')
    .execute()
  return rows.map((row) => row.rarity)
}

/** The counter a draw should leave: the cards after its last Epic or better, or all of them added to the start. */
function counterAfter(start: number, rarities: number[]): number {
  return rarities.reduce((counter, rarity) => (rarity >= 4 ? 0 : counter + 1), start)
}

describe('GET /api/getDrawPity', () => {
  it('starts at 0 with the guarantee a full run away, and refuses a visitor', async () => {
    const user = await t.register()
    expect(await pity(user)).toEqual({ drawsSinceEpic: 0, drawsToGuarantee: GUARANTEE })
    expect((await t.call('GET', '/api/getDrawPity')).status).toBe(403)
  })

  it('counts every card of a paid draw, a ten-draw as ten', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardDraw + priceDigitalCardTenDraws)
    await drawWith(user.userId, false)
    await drawWith(user.userId, true)
    expect(await pity(user)).toEqual({ drawsSinceEpic: 11, drawsToGuarantee: GUARANTEE - 11 })
  })

  it('follows real draws through the API and resets on an Epic or better', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 3 * priceDigitalCardTenDraws)
    let expected = 0
    for (let i = 0; i < 3; i += 1) {
      const draw = await t.call<DrawCardResult>('GET', '/api/drawCard?tenDraws=1', { token: user.token })
      expected = counterAfter(expected, await drawnRarities(draw.body.data.shareId))
    }
    expect((await pity(user)).drawsSinceEpic).toBe(expected)

    await giveDigitalCredit(t, user.userId, priceDigitalCardDraw)
    await setCounter(user.userId, GUARANTEE - 1)
    await drawWith(user.userId, false)
    expect(await pity(user)).toEqual({ drawsSinceEpic: 0, drawsToGuarantee: GUARANTEE })
  })

  it('gives an Epic or better on the guaranteed draw whatever the roll', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 5 * priceDigitalCardTenDraws)
    for (let i = 0; i < 5; i += 1) {
      await setCounter(user.userId, GUARANTEE - 1)
      const draw = await t.call<DrawCardResult>('GET', '/api/drawCard?tenDraws=1', { token: user.token })
      const result = await t.call<CardDrawResult>(
        'GET',
        `/api/getCardDrawResult?transactionId=${draw.body.data.shareId}`,
        { token: user.token },
      )
      const rarities = result.body.data.cardList.map((card) => card.cardRarity)
      expect(rarities[0]).toBeGreaterThanOrEqual(4)
      expect((await pity(user)).drawsSinceEpic).toBe(counterAfter(GUARANTEE - 1, rarities))
    }
  })

  it('places the guarantee inside a ten-draw on the card that reaches the limit', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardTenDraws)
    await setCounter(user.userId, GUARANTEE - 3)

    const draw = await drawWith(user.userId, true)

    expect(await drawnRarities(draw.shareId)).toEqual([1, 1, 4, 1, 1, 1, 1, 1, 1, 1])
    expect((await pity(user)).drawsSinceEpic).toBe(7)
  })

  it('leaves the counter as it is for picks and free draws', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardPickCommon)
    await setCounter(user.userId, 12)
    const card = await t.db.selectFrom('cards').select('id').where('rarity', '=', 1).executeTakeFirstOrThrow()

    expect(
      (await t.call('POST', '/api/pickCard', { token: user.token, body: { selectedCardId: card.id } })).status,
    ).toBe(200)
    await t.call('GET', '/api/public/freeDrawCard')

    expect((await pity(user)).drawsSinceEpic).toBe(12)
  })

  it('counts every one of many parallel draws exactly once', async () => {
    const user = await t.register()
    const draws = 12
    await giveDigitalCredit(t, user.userId, draws * priceDigitalCardDraw)

    await Promise.all(Array.from({ length: draws }, () => drawWith(user.userId, false)))

    expect((await pity(user)).drawsSinceEpic).toBe(draws)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(0)
  })
})

describe('the migration that adds the counter', () => {
  it('starts each existing user from the cards of their paid draws since their last Epic or better', async () => {
    const withEpic = await t.register()
    const commonsOnly = await t.register()
    const noDraws = await t.register()
    await giveDigitalCredit(t, withEpic.userId, priceDigitalCardTenDraws + priceDigitalCardDraw)
    await giveDigitalCredit(t, commonsOnly.userId, 3 * priceDigitalCardDraw)
    await setCounter(withEpic.userId, GUARANTEE - 3)
    // Apart in time, so the history's order is the order they were drawn in.
    pinClock(new Date('2026-11-01T10:00:00.000Z'))
    await drawWith(withEpic.userId, true)
    pinClock(new Date('2026-11-01T10:00:01.000Z'))
    await drawWith(withEpic.userId, false)
    pinClock(null)
    for (let i = 0; i < 3; i += 1) await drawWith(commonsOnly.userId, false)

    await drawPityMigration.down(t.db)
    await drawPityMigration.up(t.db)

    expect((await pity(withEpic)).drawsSinceEpic).toBe(8)
    expect((await pity(commonsOnly)).drawsSinceEpic).toBe(3)
    expect((await pity(noDraws)).drawsSinceEpic).toBe(0)
  })
})
