import type { Friend } from '@shared/friends'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('GET /api/friends/getMyFriends', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  }, 60_000)
  afterAll(() => t.close())

  it('lists friends with level, friend-since date and card stats, and nothing private', async () => {
    const ann = await t.register()
    const bob = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: ann.token, body: { friendCode: bob.friendCode } })
    const cards = await t.db
      .selectFrom('cards')
      .select(['id', 'rarity'])
      .where('rarity', 'in', [1, 3])
      .limit(2)
      .execute()
    await t.db
      .insertInto('user_cards')
      .values(
        cards.map((card, i) => ({
          id: `uc-${bob.userId}-${i}`,
          user_id: bob.userId,
          card_id: card.id,
          acquisition: 'pick',
          transaction_id: null,
          created_at: new Date().toISOString(),
        })),
      )
      .execute()
    await t.db.updateTable('users').set({ experience: 150 }).where('id', '=', bob.userId).execute()

    const { status, body } = await t.call<Friend[]>('GET', '/api/friends/getMyFriends', { token: ann.token })
    expect(status).toBe(200)
    expect(body.data).toHaveLength(1)
    const [friend] = body.data
    const rarityStats = [1, 2, 3, 4, 5].map((rarity) => cards.filter((card) => card.rarity === rarity).length)
    expect(friend).toEqual({
      userId: bob.userId,
      username: bob.username,
      avatarId: bob.avatarId,
      userLevel: 2,
      friendCode: bob.friendCode,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      userCardStats: { collectionCount: expect.any(Number), cardCount: 2, rarityStats },
    })
    expect(friend?.userCardStats.collectionCount).toBeGreaterThanOrEqual(1)
    expect(JSON.stringify(body.data)).not.toContain(bob.email)
  })

  it('returns an empty list for a user without friends', async () => {
    const ann = await t.register()
    const { body } = await t.call<Friend[]>('GET', '/api/friends/getMyFriends', { token: ann.token })
    expect(body.data).toEqual([])
  })
})
