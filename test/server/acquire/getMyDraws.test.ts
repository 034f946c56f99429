import { creditToMoney, type CardDrawResult, type FreeDrawnCard, type MyDraws } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import type { CreditProduct } from '@shared/wallet'
import { drawCard, pickCard } from '@server/features/acquire/service'
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
afterEach(() => pinClock(null))

const { priceDigitalCardDraw, priceDigitalCardTenDraws, priceDigitalCardPickCommon } = ECONOMY.prices

/** No certificate and a Common card on every roll, so a draw's content is known. */
const middle = (max: number): number => Math.floor(max / 2)
/** A certificate in the first slot and Common cards after it. */
const lowest = (): number => 0

function draw(userId: string, tenDraws: boolean, random = middle) {
  return t.db.transaction().execute((trx) => drawCard(trx, t.app.catalogue, userId, tenDraws, random))
}

async function myDraws(user: TestUser, query = '') {
  return t.call<MyDraws>('GET', `/api/getMyDraws${query}`, { token: user.token })
}

async function allPages(user: TestUser, limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const page: MyDraws = (await myDraws(user, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).body.data
    ids.push(...page.draws.map((entry) => entry.transactionId))
    cursor = page.nextCursor
  } while (cursor)
  return ids
}

describe('GET /api/getMyDraws', () => {
  it('lists picks, paid draws and the claimed free draw, newest first, with cards, certificate and money', async () => {
    const free = (await t.call<FreeDrawnCard>('GET', '/api/public/freeDrawCard')).body.data
    const user = await t.register({ freeDrawTransactionId: free.transactionId })
    await giveDigitalCredit(t, user.userId, priceDigitalCardPickCommon + priceDigitalCardTenDraws)
    const commonCard = await t.db.selectFrom('cards').select('id').where('rarity', '=', 1).executeTakeFirstOrThrow()
    pinClock(new Date(Date.now() + 60_000))
    await t.db.transaction().execute((trx) => pickCard(trx, t.app.catalogue, user.userId, commonCard.id))
    pinClock(new Date(Date.now() + 120_000))
    const tenDraw = await draw(user.userId, true, lowest)

    const response = await myDraws(user)

    expect(response.status).toBe(200)
    const { draws, months, moneyReference, nextCursor } = response.body.data
    expect(nextCursor).toBeNull()
    expect(draws.map((entry) => entry.kind)).toEqual(['draw10', 'pick', 'free'])
    const products = (await t.call<CreditProduct[]>('GET', '/api/payment/getCreditProducts', { token: user.token }))
      .body.data
    const smallestDigital = products
      .filter((product) => product.creditProductType === 2)
      .sort((a, b) => a.creditProductValue - b.creditProductValue)[0]
    expect(moneyReference).toEqual({
      creditProductValue: smallestDigital?.creditProductValue,
      actualPrice: smallestDigital?.actualPrice,
    })
    const [ten, pick, freeEntry] = draws
    const result = await t.call<CardDrawResult>('GET', `/api/getCardDrawResult?transactionId=${tenDraw.shareId}`, {
      token: user.token,
    })
    expect(ten).toMatchObject({
      transactionId: tenDraw.shareId,
      price: priceDigitalCardTenDraws,
      priceMoney: creditToMoney(priceDigitalCardTenDraws, moneyReference),
      cards: result.body.data.cardList,
      certificate: result.body.data.certificate,
    })
    expect(ten?.cards).toHaveLength(9)
    expect(ten?.certificate).toMatchObject({ creditValue: ECONOMY.certificateValues[0].creditValue, redeemed: false })
    expect(pick).toMatchObject({ price: priceDigitalCardPickCommon, certificate: null })
    expect(pick?.cards.map((card) => card.cardId)).toEqual([commonCard.id])
    expect(freeEntry).toMatchObject({ transactionId: free.transactionId, price: 0, priceMoney: 0 })
    expect(freeEntry?.cards.map((card) => [card.cardId, card.cardRarity])).toEqual([[free.image, free.cardRarity]])
    expect(months.reduce((sum, month) => sum + month.credit, 0)).toBe(
      priceDigitalCardPickCommon + priceDigitalCardTenDraws,
    )
  })

  it('pages by (created_at, id) without repeating or skipping a draw while new draws arrive', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 30 * priceDigitalCardDraw)
    const start = Date.parse('2026-06-01T10:00:00.000Z')
    // Draws three at a time share a timestamp, so the id decides their order.
    for (let i = 0; i < 21; i += 1) {
      pinClock(new Date(start + Math.floor(i / 3) * 1000))
      await draw(user.userId, false)
    }
    const expected = await allPages(user, 50)
    expect(expected).toHaveLength(21)

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: MyDraws = (await myDraws(user, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`)).body.data
      seen.push(...page.draws.map((entry) => entry.transactionId))
      cursor = page.nextCursor
      pages += 1
      if (pages <= 3) {
        pinClock(new Date(start + 3_600_000 + pages * 1000))
        await draw(user.userId, false)
      }
    } while (cursor)

    expect(seen).toEqual(expected)
    const afterwards = await allPages(user, 50)
    expect(afterwards).toHaveLength(24)
    expect(afterwards.slice(3)).toEqual(expected)
  })

  it("never shows another user's draws or anyone's unclaimed free draw", async () => {
    const user = await t.register()
    const other = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardDraw)
    await giveDigitalCredit(t, other.userId, priceDigitalCardTenDraws)
    const mine = await draw(user.userId, false)
    await draw(other.userId, true)
    await t.call('GET', '/api/public/freeDrawCard')

    const { draws, months } = (await myDraws(user)).body.data

    expect(draws.map((entry) => entry.transactionId)).toEqual([mine.shareId])
    expect(months.map((month) => [month.draws, month.credit])).toEqual([[1, priceDigitalCardDraw]])
  })

  it("gives a month's money as the sum of its draws' amounts as shown, each rounded to the cent", async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 2 * priceDigitalCardTenDraws + priceDigitalCardDraw)
    await draw(user.userId, true)
    await draw(user.userId, true)
    await draw(user.userId, false)

    const { draws, months } = (await myDraws(user)).body.data
    expect(draws).toHaveLength(3)
    expect(months).toHaveLength(1)
    expect(months[0]?.money).toBe(sumOfAmounts(draws.map((entry) => entry.priceMoney)))
  })

  it('totals each whole month the page touches, in UTC months, newest first', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardTenDraws + 2 * priceDigitalCardDraw)
    pinClock(new Date('2026-09-30T23:59:59.000Z'))
    await draw(user.userId, false)
    pinClock(new Date('2026-10-01T00:00:00.000Z'))
    await draw(user.userId, true)
    pinClock(new Date('2026-10-31T12:00:00.000Z'))
    await draw(user.userId, false)
    pinClock(null)

    const first = (await myDraws(user, '?limit=1')).body.data
    const second = (await myDraws(user, `?limit=2&cursor=${first.nextCursor}`)).body.data
    const reference = first.moneyReference

    const october = {
      month: '2026-10',
      draws: 2,
      cards: 11,
      credit: priceDigitalCardTenDraws + priceDigitalCardDraw,
      money: sumOfAmounts([
        creditToMoney(priceDigitalCardTenDraws, reference),
        creditToMoney(priceDigitalCardDraw, reference),
      ]),
    }
    const september = {
      month: '2026-09',
      draws: 1,
      cards: 1,
      credit: priceDigitalCardDraw,
      money: creditToMoney(priceDigitalCardDraw, reference),
    }
    expect(first.months).toEqual([october])
    expect(second.draws.map((entry) => entry.createdAt)).toEqual([
      '2026-10-01T00:00:00.000Z',
      '2026-09-30T23:59:59.000Z',
    ])
    expect(second.months).toEqual([october, september])
    expect(second.nextCursor).toBeNull()
  })

  it('answers an empty page for a traveller without draws, 400 for a bad cursor and 403 for a visitor', async () => {
    const user = await t.register()
    expect((await myDraws(user)).body.data).toEqual({ draws: [], months: [], moneyReference: null, nextCursor: null })
    expect((await myDraws(user, '?cursor=not-a-cursor')).status).toBe(400)
    const forged = Buffer.from(JSON.stringify(['2026-11-01\u0000', 'id'])).toString('base64url')
    expect((await myDraws(user, `?cursor=${forged}`)).status).toBe(400)
    expect((await t.call('GET', '/api/getMyDraws')).status).toBe(403)
  })
})

/** Amounts in dollars added up in whole cents, as a reader adds the lines of a statement. */
function sumOfAmounts(amounts: (number | null)[]): number {
  return amounts.reduce<number>((cents, amount) => cents + Math.round((amount ?? 0) * 100), 0) / 100
}
