import { VISIBILITY } from '@shared/constants'
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

  it('lists the trips a friend owns or travels in that the viewer may open, each as far as the viewer may see it', async () => {
    const ann = await t.register()
    const bob = await t.register()
    const carl = await t.register()
    await makeFriends(t, ann, bob)
    await makeFriends(t, bob, carl)
    const post = (user: TestUser, call: string, body: unknown) =>
      t.call<{ tripId: string } | null>('POST', `/api/trip/${call}`, { token: user.token, body })
    const trip = async (owner: TestUser, title: string, visibility: number, memoryIds: string[] = []) => {
      const { body } = await post(owner, 'createTrip', { title, visibility, memoryIds })
      return body.data?.tripId ?? ''
    }
    const travelIn = async (tripId: string, owner: TestUser, traveller: TestUser, accept = true) => {
      await post(owner, 'inviteToTrip', { tripId, userId: traveller.userId })
      if (accept) await post(traveller, 'answerTripInvite', { tripId, accept: true })
    }

    const lisbon = await createMemory(t, bob, 'pt-lisbon-1', {
      visibility: VISIBILITY.Public,
      memoryStartDate: '2025-05-01',
      memoryEndDate: '2025-05-03',
    })
    const porto = await createMemory(t, bob, 'pt-porto-1', {
      visibility: VISIBILITY.Private,
      memoryStartDate: '2025-05-04',
      memoryEndDate: '2025-05-06',
      memoryContent: 'Porto, private',
    })
    const ownFriendsTrip = await trip(bob, 'Portugal by train', VISIBILITY.Friends, [lisbon, porto])
    await trip(bob, 'Only mine', VISIBILITY.Private)
    const publicTripOfCarl = await trip(carl, 'Alps with Carl', VISIBILITY.Public)
    await travelIn(publicTripOfCarl, carl, bob)
    await travelIn(await trip(carl, 'For Carl’s friends', VISIBILITY.Friends), carl, bob)
    await travelIn(await trip(carl, 'Bob only invited', VISIBILITY.Public), carl, bob, false)

    const { body } = await friendPage(ann, bob.userId)
    expect(body.data.trips).toEqual([
      expect.objectContaining({
        tripId: publicTripOfCarl,
        travellerRole: 'accepted',
        owner: expect.objectContaining({ userId: carl.userId }),
        memoryCount: 0,
      }),
      expect.objectContaining({
        tripId: ownFriendsTrip,
        title: 'Portugal by train',
        travellerRole: 'owner',
        // Dates, places and count come from the memories Ann may see: Porto is Bob's alone.
        startDate: '2025-05-01',
        endDate: '2025-05-03',
        memoryCount: 1,
        places: [expect.objectContaining({ name: 'Lisbon' })],
      }),
    ])
    expect(JSON.stringify(body.data.trips)).not.toContain('Porto')

    // Carl sees the trips of his that Bob travels in and Bob's Friends trip, not Bob's Private one; once Carl blocks
    // Ann, his trip is gone from her view.
    expect((await friendPage(carl, bob.userId)).body.data.trips.map((seen) => seen.title).sort()).toEqual(
      ['Alps with Carl', 'For Carl’s friends', 'Portugal by train'].sort(),
    )
    await t.call('POST', '/api/blocks/blockTraveller', { token: carl.token, body: { travellerId: ann.userId } })
    expect((await friendPage(ann, bob.userId)).body.data.trips.map((seen) => seen.tripId)).toEqual([ownFriendsTrip])
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
