import type { FriendPage } from '@shared/friends'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'
import { createMemory, giveCopy, makeFriends } from '@test/server/memories/fixtures'

const NOT_A_FRIEND = 'This traveller is not on your friend list. Add them with their friend code first.'

describe('GET /api/friends/getFriendPage', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  }, 60_000)
  afterAll(() => t.close())

  const beenThere = (user: TestUser, cardId: string) =>
    t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId, value: true } })
  const friendPage = (viewer: TestUser, userId: string) =>
    t.call<FriendPage>('GET', `/api/friends/getFriendPage?userId=${encodeURIComponent(userId)}`, {
      token: viewer.token,
    })

  it("shows a friend's profile figures, the memories a friend may see and the places both have been to", async () => {
    const ann = await t.register()
    const bob = await t.register()
    await makeFriends(t, ann, bob)
    await giveCopy(t, bob.userId, 'pt-lisbon-3')
    const publicMemory = await createMemory(t, bob, 'country-it-1', { visibility: 3, memoryContent: 'Rome, public' })
    const friendsMemory = await createMemory(t, bob, 'country-es-1', { visibility: 2, memoryContent: 'Spain, friends' })
    await createMemory(t, bob, 'country-de-1', { visibility: 1, memoryContent: 'Berlin, private' })
    for (const cardId of ['country-fr-1', 'us-ca-1', 'pt-lisbon-1']) await beenThere(bob, cardId)
    for (const cardId of ['country-fr-2', 'pt-lisbon-5', 'country-jp-1']) await beenThere(ann, cardId)

    const { status, body } = await friendPage(ann, bob.userId)
    expect(status).toBe(200)
    const page = body.data
    expect(page.friend).toMatchObject({
      userId: bob.userId,
      username: bob.username,
      avatarId: bob.avatarId,
      userLevel: 1,
      friendCode: bob.friendCode,
    })
    expect(page.friend.userCardStats.cardCount).toBe(4)
    expect(page.memberSince).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(page.travel).toMatchObject({ collected: 4, beenThere: 3, verified: 0 })
    expect(page.sharedPlaces.map((place) => place.cardSetId).sort()).toEqual(['country-fr', 'pt-lisbon'])
    expect(page.sharedPlaces.find((place) => place.cardSetId === 'pt-lisbon')).toMatchObject({
      cardId: 'pt-lisbon-1',
      name: 'Lisbon',
    })
    expect(page.memories.map((memory) => memory.memoryId).sort()).toEqual([publicMemory, friendsMemory].sort())
    expect(page.memoryCount).toBe(2)
    expect(JSON.stringify(page)).not.toContain('Berlin, private')
    expect(JSON.stringify(page)).not.toContain(bob.email)
  })

  it('refuses a stranger, oneself and an unknown id with one answer that names nobody', async () => {
    const cara = await t.register()
    const dan = await t.register()
    await createMemory(t, dan, 'country-it-1', { visibility: 2, memoryContent: 'Only for my friends' })
    for (const userId of [dan.userId, cara.userId, 'no-such-traveller']) {
      const { status, body } = await friendPage(cara, userId)
      expect(status).toBe(404)
      expect(body.metadata.message).toBe(NOT_A_FRIEND)
      expect(JSON.stringify(body)).not.toContain('Only for my friends')
      expect(JSON.stringify(body)).not.toContain(dan.username)
    }
  })

  it('stops showing friend-only memories once the friendship ends', async () => {
    const eve = await t.register()
    const finn = await t.register()
    await makeFriends(t, eve, finn)
    await createMemory(t, finn, 'country-it-1', { visibility: 2, memoryContent: 'For friends' })
    expect((await friendPage(eve, finn.userId)).body.data.memoryCount).toBe(1)

    await t.call('POST', '/api/friends/removeFriend', { token: finn.token, body: { friendCode: eve.friendCode } })
    const after = await friendPage(eve, finn.userId)
    expect(after.status).toBe(404)
    expect(JSON.stringify(after.body)).not.toContain('For friends')
  })

  it('asks a visitor to log in', async () => {
    const gus = await t.register()
    const { status } = await t.call('GET', `/api/friends/getFriendPage?userId=${gus.userId}`)
    expect(status).toBe(403)
  })
})
