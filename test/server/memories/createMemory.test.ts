import type { Memory } from '@shared/memories'
import { TEXTS } from '@shared/texts'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { cardsOfRarity, giveCopy, makeFriends, memoryBody, notificationsOf } from './fixtures'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 1, 1)
}, 60_000)
afterAll(() => t.close())

describe('POST /api/memory/createMemory', () => {
  it('creates a memory on the owner’s copy and shows it in getMemory', async () => {
    const author = await t.register()
    const friend = await t.register()
    await makeFriends(t, author, friend)
    const userCardId = await giveCopy(t, author.userId, cardId)
    const created = await t.call<{ memoryId: string }>('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(userCardId, { taggedFriends: [friend.userId], visibility: 2 }),
    })
    expect(created.status).toBe(200)
    const { status, body } = await t.call<Memory>(
      'GET',
      `/api/memory/getMemory?memoryId=${created.body.data.memoryId}`,
      { token: author.token },
    )
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      memoryId: created.body.data.memoryId,
      userCardId,
      cardId,
      memoryStartDate: '2026-06-01',
      memoryEndDate: '2026-06-14',
      visibility: 2,
      taggedFriends: [{ userId: friend.userId, username: friend.username }],
      likes: 0,
      liked: false,
      commentCount: 0,
      comments: [],
      isOwner: true,
      username: author.username,
    })
    expect(body.data.cardDescription.length).toBeGreaterThan(0)
  })

  it('returns 409 naming the card when the copy already has a memory', async () => {
    const author = await t.register()
    const userCardId = await giveCopy(t, author.userId, cardId)
    expect(
      (await t.call('POST', '/api/memory/createMemory', { token: author.token, body: memoryBody(userCardId) })).status,
    ).toBe(200)
    const again = await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(userCardId),
    })
    expect(again.status).toBe(409)
    const cardName = (
      await t.db
        .selectFrom('cards')
        .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
        .select('card_sets.name')
        .where('cards.id', '=', cardId)
        .executeTakeFirstOrThrow()
    ).name
    expect(again.body.metadata.message).toBe(TEXTS.memoryAlreadyExists(cardName))
  })

  it('lets only one of three simultaneous creations on one copy succeed', async () => {
    const author = await t.register()
    const userCardId = await giveCopy(t, author.userId, cardId)
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.call('POST', '/api/memory/createMemory', { token: author.token, body: memoryBody(userCardId) }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
    const rows = await t.db.selectFrom('memories').select('id').where('user_card_id', '=', userCardId).execute()
    expect(rows).toHaveLength(1)
  })

  it('returns 404 "User card not found" for someone else’s copy', async () => {
    const owner = await t.register()
    const other = await t.register()
    const userCardId = await giveCopy(t, owner.userId, cardId)
    const { status, body } = await t.call('POST', '/api/memory/createMemory', {
      token: other.token,
      body: memoryBody(userCardId),
    })
    expect(status).toBe(404)
    expect(body.metadata.message).toBe(TEXTS.userCardNotFound)
  })

  it('returns 400 when the end date is before the start date', async () => {
    const author = await t.register()
    const userCardId = await giveCopy(t, author.userId, cardId)
    const { status, body } = await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(userCardId, { memoryStartDate: '2026-06-14', memoryEndDate: '2026-06-01' }),
    })
    expect(status).toBe(400)
    expect(body.metadata.message).toBe('The end date cannot be before the start date.')
  })

  it('accepts a one-day journey and refuses a date that does not exist', async () => {
    const author = await t.register()
    const oneDay = await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(await giveCopy(t, author.userId, cardId), {
        memoryStartDate: '2026-06-01',
        memoryEndDate: '2026-06-01',
      }),
    })
    expect(oneDay.status).toBe(200)
    const impossible = await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(await giveCopy(t, author.userId, cardId), {
        memoryStartDate: '2026-02-30',
        memoryEndDate: '2026-03-01',
      }),
    })
    expect(impossible.status).toBe(400)
  })

  it('returns 400 when a tagged user is not a friend, and creates nothing', async () => {
    const author = await t.register()
    const stranger = await t.register()
    const userCardId = await giveCopy(t, author.userId, cardId)
    const { status } = await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(userCardId, { taggedFriends: [stranger.userId] }),
    })
    expect(status).toBe(400)
    expect(
      await t.db.selectFrom('memories').select('id').where('user_card_id', '=', userCardId).execute(),
    ).toHaveLength(0)
  })

  it('notifies each tagged friend, naming the author and the card', async () => {
    const author = await t.register()
    const friend = await t.register()
    await makeFriends(t, author, friend)
    const userCardId = await giveCopy(t, author.userId, cardId)
    await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(userCardId, { taggedFriends: [friend.userId] }),
    })
    const tagged = (await notificationsOf(t, friend.userId)).filter((n) => n.title === 'You were tagged in a memory')
    expect(tagged).toHaveLength(1)
    expect(tagged[0]?.content).toContain(author.username)
  })

  it('does not tell tagged friends about a private memory', async () => {
    const author = await t.register()
    const friend = await t.register()
    await makeFriends(t, author, friend)
    const userCardId = await giveCopy(t, author.userId, cardId)
    await t.call('POST', '/api/memory/createMemory', {
      token: author.token,
      body: memoryBody(userCardId, { taggedFriends: [friend.userId], visibility: 1 }),
    })
    expect(
      (await notificationsOf(t, friend.userId)).filter((n) => n.title === 'You were tagged in a memory'),
    ).toHaveLength(0)
  })

  it('returns 403 for a visitor', async () => {
    const { status } = await t.call('POST', '/api/memory/createMemory', { body: memoryBody('any') })
    expect(status).toBe(403)
  })
})
