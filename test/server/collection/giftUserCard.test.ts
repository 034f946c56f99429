import type { MyDraws } from '@shared/acquire'
import type { GiftAllowance, GiftUserCardResult, UserCard } from '@shared/collection'
import type { User } from '@shared/session'
import { pinClock } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, giveCopy, grantDigitalCredit, makeFriends, memoryBody } from '../memories/fixtures'

const HOUR = 60 * 60 * 1000

describe('gifts of a duplicate copy to a friend', () => {
  let t: TestApp
  let marta: TestUser
  let lena: TestUser
  let paris: string
  let rome: string
  let clock: number
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
    ;[paris, rome] = await cardsOfRarity(t, 3, 2)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 20, 12, 0, 0)
    pinClock(new Date(clock))
    marta = await t.register()
    lena = await t.register()
    await makeFriends(t, marta, lena)
  })
  afterEach(() => pinClock(null))

  function advance(ms: number): void {
    clock += ms
    pinClock(new Date(clock))
  }
  async function gift(from: TestUser, userCardId: string, to: TestUser) {
    return t.call<GiftUserCardResult>('POST', '/api/giftUserCard', {
      token: from.token,
      body: { userCardId, friendUserId: to.userId },
    })
  }
  async function copiesOf(user: TestUser) {
    return t.db.selectFrom('user_cards').selectAll().where('user_id', '=', user.userId).orderBy('id').execute()
  }
  async function countAllCopies(): Promise<number> {
    const row = await t.db
      .selectFrom('user_cards')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return row.count
  }
  async function getUser(user: TestUser) {
    return (await t.call<User>('GET', '/api/getUser', { token: user.token })).body.data
  }
  async function history(user: TestUser, query = '') {
    return (await t.call<MyDraws>('GET', `/api/getMyDraws${query}`, { token: user.token })).body.data
  }
  async function duplicates(user: TestUser, cardId: string, count: number): Promise<string[]> {
    const ids: string[] = []
    for (let i = 0; i < count; i += 1) ids.push(await giveCopy(t, user.userId, cardId))
    return ids
  }

  it('moves the copy to the friend, tells them, and shows in both histories', async () => {
    const [given = '', kept = ''] = await duplicates(marta, paris, 2)
    const [martaBefore, lenaBefore] = [present(await getUser(marta)), present(await getUser(lena))]

    const { status, body } = await gift(marta, given, lena)
    expect(status).toBe(200)
    expect(body.data).toEqual({
      giftId: expect.any(String),
      userCardId: given,
      friendUsername: lena.username,
      giftsLeftToday: 9,
    })

    expect((await copiesOf(marta)).map((copy) => copy.id)).toEqual([kept])
    const [moved] = await copiesOf(lena)
    expect(moved).toMatchObject({
      id: given,
      card_id: paris,
      acquisition: 'gift',
      transaction_id: body.data.giftId,
      created_at: new Date(clock).toISOString(),
    })

    const seen = await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${given}`, { token: lena.token })
    expect(seen.body.data).toMatchObject({ isOwner: true, products: 'Gift from a friend', cardRarity: 3 })

    const notifications = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', lena.userId)
      .execute()
    const notice = notifications.find((row) => row.title === `A card from ${marta.username}`)
    expect(notice).toMatchObject({
      content: expect.stringMatching(new RegExp(`^${marta.username} gave you their copy of .+ \\(Rare\\)\\.$`)),
      link: `/userCard/${given}`,
    })

    const [sent] = (await history(marta)).draws
    expect(sent).toMatchObject({
      transactionId: body.data.giftId,
      kind: 'gift',
      price: 0,
      priceMoney: null,
      certificate: null,
      gift: { direction: 'sent', friendUsername: lena.username },
      cards: [{ cardId: paris, cardRarity: 3, userCardId: given, isNew: false }],
    })
    const [received] = (await history(lena)).draws
    expect(received).toMatchObject({
      kind: 'gift',
      gift: { direction: 'received', friendUsername: marta.username },
      cards: [{ cardId: paris, userCardId: given, isNew: true }],
    })
    // A gift is no purchase: no month totals for it.
    expect((await history(lena)).months).toEqual([])

    // Experience is earned by acquiring with credit: a gift changes it on neither side; the stats follow the copies.
    const [martaAfter, lenaAfter] = [present(await getUser(marta)), present(await getUser(lena))]
    expect(martaAfter.userExp).toBe(martaBefore.userExp)
    expect(lenaAfter.userExp).toBe(lenaBefore.userExp)
    expect(martaAfter.userCardStats.cardCount).toBe(1)
    expect(lenaAfter.userCardStats).toMatchObject({ cardCount: 1, rarityStats: [0, 0, 1, 0, 0] })
  })

  it("keeps the giver's pick in their history without a link to the copy that is now the friend's", async () => {
    await grantDigitalCredit(t, marta.userId, 5000)
    const common = present((await cardsOfRarity(t, 1, 1))[0])
    const pick = async () =>
      (
        await t.call<{ cardResult: { userCardId: string } }>('POST', '/api/pickCard', {
          token: marta.token,
          body: { selectedCardId: common },
        })
      ).body.data.cardResult.userCardId
    const picked = await pick()
    await pick()
    expect((await gift(marta, picked, lena)).status).toBe(200)

    const pickEntry = (await history(marta)).draws.find(
      (entry) => entry.kind === 'pick' && entry.cards.some((card) => card.cardId === common),
    )
    const links = (await history(marta)).draws
      .filter((entry) => entry.kind === 'pick')
      .flatMap((entry) => entry.cards.map((card) => card.userCardId))
    expect(pickEntry).toBeDefined()
    expect(links).not.toContain(picked)
    expect(links).toContain(null)
  })

  it('says which copies can be given', async () => {
    const [first = '', second = ''] = await duplicates(marta, paris, 2)
    const [only = ''] = await duplicates(marta, rome, 1)
    const giftable = async (user: TestUser, userCardId: string) =>
      (await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${userCardId}`, { token: user.token })).body.data
        .giftable
    expect(await giftable(marta, first)).toBe(true)
    expect(await giftable(marta, only)).toBe(false)
    expect(await giftable(lena, first)).toBe(false)
    await t.call('POST', '/api/memory/createMemory', { token: marta.token, body: memoryBody(second) })
    expect(await giftable(marta, second)).toBe(false)
    expect(await giftable(marta, first)).toBe(true)
  })

  it('refuses a stranger, a memory, the last copy and someone else’s copy, and changes nothing', async () => {
    const stranger = await t.register()
    const [copy = '', , remembered = ''] = await duplicates(marta, paris, 3)
    const [lastRome = ''] = await duplicates(marta, rome, 1)
    const [lenasCopy = ''] = await duplicates(lena, paris, 2)
    await t.call('POST', '/api/memory/createMemory', { token: marta.token, body: memoryBody(remembered) })
    const before = await copiesOf(marta)

    const refusals = [
      [await gift(marta, copy, stranger), 422, 'You can give cards only to your friends.'],
      [await gift(marta, copy, marta), 422, 'You can give cards only to your friends.'],
      [await gift(marta, remembered, lena), 409, 'This card has a memory. Only a copy without a memory can be given.'],
      [await gift(marta, lenasCopy, lena), 404, 'User card not found'],
    ] as const
    for (const [answer, status, message] of refusals) {
      expect(answer.status).toBe(status)
      expect(answer.body.metadata.message).toBe(message)
    }
    const last = await gift(marta, lastRome, lena)
    expect(last.status).toBe(422)
    expect(last.body.metadata.message).toMatch(/^This is your only copy of .+\. You can give a copy only while/)

    expect(await copiesOf(marta)).toEqual(before)
    expect(await t.db.selectFrom('card_gifts').selectAll().where('giver_id', '=', marta.userId).execute()).toEqual([])
    expect(
      (await t.call<GiftAllowance>('GET', '/api/getGiftAllowance', { token: marta.token })).body.data.giftsLeftToday,
    ).toBe(10)
  })

  it('allows 10 gifts a day (UTC), then again the next day', async () => {
    const copies = await duplicates(marta, paris, 13)
    for (const copy of copies.slice(0, 10)) expect((await gift(marta, copy, lena)).status).toBe(200)
    const refused = await gift(marta, copies[10] ?? '', lena)
    expect(refused.status).toBe(422)
    expect(refused.body.metadata.message).toBe(
      'You have given 10 cards today, the most a day allows. You can give again from midnight (UTC).',
    )
    expect((await t.call<GiftAllowance>('GET', '/api/getGiftAllowance', { token: marta.token })).body.data).toEqual({
      dailyLimit: 10,
      giftsLeftToday: 0,
      resetsAt: '2026-11-21T00:00:00.000Z',
    })
    advance(12 * HOUR)
    expect((await gift(marta, copies[10] ?? '', lena)).status).toBe(200)
  })

  it('moves one copy once when the same gift is sent twice at the same moment', async () => {
    const [copy = ''] = await duplicates(marta, paris, 3)
    const olga = await t.register()
    await makeFriends(t, marta, olga)
    const total = await countAllCopies()
    const answers = await Promise.all([gift(marta, copy, lena), gift(marta, copy, lena), gift(marta, copy, olga)])
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(2)
    expect(await countAllCopies()).toBe(total)
    expect(await t.db.selectFrom('card_gifts').selectAll().where('user_card_id', '=', copy).execute()).toHaveLength(1)
    expect((await copiesOf(marta)).length).toBe(2)
  })

  it('never gives the last copy, however the gifts race', async () => {
    const copies = await duplicates(marta, paris, 3)
    const total = await countAllCopies()
    const answers = await Promise.all(copies.map((copy) => gift(marta, copy, lena)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 422])
    expect(await copiesOf(marta)).toHaveLength(1)
    expect(await copiesOf(lena)).toHaveLength(2)
    expect(await countAllCopies()).toBe(total)
  })

  it('stays within the day’s limit when gifts race', async () => {
    const copies = await duplicates(marta, paris, 14)
    for (const copy of copies.slice(0, 8)) expect((await gift(marta, copy, lena)).status).toBe(200)
    const answers = await Promise.all(copies.slice(8, 13).map((copy) => gift(marta, copy, lena)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2)
    expect(await copiesOf(lena)).toHaveLength(10)
    expect(await copiesOf(marta)).toHaveLength(4)
  })

  it('never lets a gift and a new memory both land on one copy', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [copy = ''] = await duplicates(marta, paris, 2)
      const [gave, wrote] = await Promise.all([
        gift(marta, copy, lena),
        t.call('POST', '/api/memory/createMemory', { token: marta.token, body: memoryBody(copy) }),
      ])
      expect([gave.status, wrote.status].filter((status) => status === 200)).toHaveLength(1)
      const [owner, memory] = await Promise.all([
        t.db.selectFrom('user_cards').select('user_id').where('id', '=', copy).executeTakeFirstOrThrow(),
        t.db.selectFrom('memories').select('user_id').where('user_card_id', '=', copy).executeTakeFirst(),
      ])
      if (memory) expect(memory.user_id).toBe(owner.user_id)
    }
  })

  it('keeps the gift in both histories, among the draws, after the copy is recycled', async () => {
    const [copy = ''] = await duplicates(marta, paris, 2)
    const { body: first } = await gift(marta, copy, lena)
    advance(1000)
    await grantDigitalCredit(t, lena.userId, 5000)
    const [common] = await cardsOfRarity(t, 1, 1)
    expect(
      (await t.call('POST', '/api/pickCard', { token: lena.token, body: { selectedCardId: common } })).status,
    ).toBe(200)
    advance(1000)
    expect(
      (await t.call('POST', '/api/recycleUserCard', { token: lena.token, body: { userCardId: copy } })).status,
    ).toBe(200)

    const page = await history(lena, '?limit=1')
    expect(page.draws.map((entry) => entry.kind)).toEqual(['pick'])
    const next = await history(lena, `?limit=1&cursor=${page.nextCursor ?? ''}`)
    expect(next.draws).toMatchObject([
      { transactionId: first.data.giftId, kind: 'gift', cards: [{ cardId: paris, userCardId: null }] },
    ])
    expect(next.nextCursor).toBeNull()
  })

  it('asks for a login', async () => {
    const { status } = await t.call('POST', '/api/giftUserCard', { body: { userCardId: 'x', friendUserId: 'y' } })
    expect(status).toBe(403)
  })
})
