import { ON_THIS_DAY_MAX, type OnThisDay } from '@shared/onThisDay'
import { ON_THIS_DAY_TEXTS } from '@shared/onThisDayTexts'
import { pinClock } from '@server/lib/clock'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, makeFriends } from './fixtures'

/** On This Day (docs/product.md#on-this-day): the traveller's own memories of today's day in earlier years. */
let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
  ;[cardId] = await cardsOfRarity(t, 1, 1)
}, 60_000)
afterAll(() => t.close())
afterEach(() => pinClock(null))

function onThisDay(user: TestUser, today: string) {
  return t.call<OnThisDay>('GET', `/api/memory/getOnThisDay?today=${today}`, { token: user.token })
}

function memoryOn(user: TestUser, startDate: string, endDate = startDate, visibility = 3) {
  return createMemory(t, user, cardId, { memoryStartDate: startDate, memoryEndDate: endDate, visibility })
}

describe('getOnThisDay', () => {
  it("brings back the traveller's own memories whose days take in today in an earlier year, the latest year first", async () => {
    pinClock(new Date('2026-06-05T12:00:00Z'))
    const traveller = await t.register()
    const friend = await t.register()
    await makeFriends(t, traveller, friend)
    const threeYears = await memoryOn(traveller, '2023-06-05', '2023-06-05', 1)
    const oneYear = await memoryOn(traveller, '2025-06-01', '2025-06-10')
    await memoryOn(traveller, '2024-12-30', '2025-01-02')
    await memoryOn(traveller, '2026-06-01', '2026-06-05')
    const hidden = await memoryOn(traveller, '2022-06-05')
    await t.db.updateTable('memories').set({ hidden_at: '2026-06-01T00:00:00.000Z' }).where('id', '=', hidden).execute()
    await memoryOn(friend, '2024-06-05')

    const { status, body } = await onThisDay(traveller, '2026-06-05')
    expect(status).toBe(200)
    expect(body.data.today).toBe('2026-06-05')
    expect(body.data.memories.map(({ yearsAgo, memory }) => ({ yearsAgo, memoryId: memory.memoryId }))).toEqual([
      { yearsAgo: 1, memoryId: oneYear },
      { yearsAgo: 3, memoryId: threeYears },
    ])
    // Filled in as the feed shows a memory, private ones included: they are the author's own.
    expect(body.data.memories[1]?.memory).toMatchObject({ memoryStartDate: '2023-06-05', visibility: 1 })

    // The friend's own day brings back only the friend's memory.
    const friendsDay = await onThisDay(friend, '2026-06-05')
    expect(friendsDay.body.data.memories.map(({ yearsAgo }) => yearsAgo)).toEqual([2])
    // A day with nothing to recall is empty.
    expect((await onThisDay(traveller, '2026-06-06')).body.data.memories.map(({ memory }) => memory.memoryId)).toEqual([
      oneYear,
    ])
    expect((await onThisDay(traveller, '2026-06-04')).body.data.memories).toHaveLength(1)
  })

  it('brings back a memory of 29 February on 28 February in a year without one', async () => {
    /** What a traveller with a memory of 29 February 2024 sees on `today`. */
    async function leapDayMemoryOn(today: string) {
      pinClock(new Date(`${today}T12:00:00Z`))
      const traveller = await t.register()
      const memoryId = await memoryOn(traveller, '2024-02-29')
      const { body } = await onThisDay(traveller, today)
      return body.data.memories.map(({ yearsAgo, memory }) => [yearsAgo, memory.memoryId === memoryId])
    }
    expect(await leapDayMemoryOn('2027-02-28')).toEqual([[3, true]])
    expect(await leapDayMemoryOn('2027-03-01')).toEqual([])
    expect(await leapDayMemoryOn('2028-02-28')).toEqual([])
    expect(await leapDayMemoryOn('2028-02-29')).toEqual([[4, true]])
  })

  it(`brings back at most ${ON_THIS_DAY_MAX}, the most recent years`, async () => {
    pinClock(new Date('2026-09-10T12:00:00Z'))
    const traveller = await t.register()
    for (let year = 2025; year > 2025 - ON_THIS_DAY_MAX - 2; year -= 1) await memoryOn(traveller, `${year}-09-10`)
    const { body } = await onThisDay(traveller, '2026-09-10')
    expect(body.data.memories.map(({ yearsAgo }) => yearsAgo)).toEqual([1, 2, 3, 4, 5])
  })

  it("takes the traveller's calendar day a day either side of the server's, and refuses any other day", async () => {
    pinClock(new Date('2026-06-05T23:30:00Z'))
    const traveller = await t.register()
    await memoryOn(traveller, '2025-06-06')
    // Already 6 June east of UTC.
    expect((await onThisDay(traveller, '2026-06-06')).body.data.memories).toHaveLength(1)
    expect((await onThisDay(traveller, '2026-06-04')).status).toBe(200)
    for (const today of ['2026-06-07', '2025-06-06', '2026-02-30', '2026-13-01']) {
      const { status, body } = await onThisDay(traveller, today)
      expect({ today, status, message: body.metadata.message }).toEqual({
        today,
        status: 400,
        message: ON_THIS_DAY_TEXTS.badToday,
      })
    }
    expect((await onThisDay(traveller, 'yesterday')).status).toBe(400)
  })
})
