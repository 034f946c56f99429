import sharp from 'sharp'

import { VISIBILITY } from '@shared/constants'
import { TRIP_TEXTS, type Trip, type TripSummary } from '@shared/trips'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { createMemory, makeFriends } from '../memories/fixtures'

/** Trips (docs/product.md#trips): a traveller's memories as one journey, travelled alone or with friends. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
}, 60_000)
afterAll(() => t.close())

function post<T = null>(user: TestUser, call: string, body: unknown) {
  return t.call<T>('POST', `/api/trip/${call}`, { token: user.token, body })
}

function tripAs(user: TestUser, tripId: string) {
  return t.call<Trip>('GET', `/api/trip/getTrip?tripId=${tripId}`, { token: user.token })
}

function memoryOn(user: TestUser, cardId: string, startDate: string, endDate: string, visibility = 3) {
  return createMemory(t, user, cardId, {
    memoryStartDate: startDate,
    memoryEndDate: endDate,
    memoryContent: `${cardId} from ${startDate}`,
    visibility,
  })
}

async function createTrip(owner: TestUser, memoryIds: string[], visibility: number = VISIBILITY.Public) {
  const { status, body } = await post<{ tripId: string }>(owner, 'createTrip', {
    title: 'Iberian spring',
    visibility,
    memoryIds,
  })
  if (status !== 200) throw new Error(`createTrip failed: ${JSON.stringify(body)}`)
  return body.data.tripId
}

async function notificationsOf(user: TestUser) {
  const { body } = await t.call<{ title: string; link: string | null }[]>('GET', '/api/getNotifications', {
    token: user.token,
  })
  return body.data.map(({ title, link }) => ({ title, link }))
}

describe('a trip of one traveller', () => {
  it('orders its memories by date, names its places in the order reached, and takes its dates from them', async () => {
    const owner = await t.register()
    const porto = await memoryOn(owner, 'pt-porto-1', '2025-06-06', '2025-06-09')
    const lisbon = await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')
    const madrid = await memoryOn(owner, 'es-madrid-1', '2025-06-10', '2025-06-14')
    const tripId = await createTrip(owner, [porto, madrid, lisbon])

    const { status, body } = await tripAs(owner, tripId)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      title: 'Iberian spring',
      myRole: 'owner',
      startDate: '2025-06-01',
      endDate: '2025-06-14',
      memoryCount: 3,
      places: [{ name: 'Lisbon' }, { name: 'Porto' }, { name: 'Madrid' }],
      travellers: [{ userId: owner.userId, role: 'owner' }],
    })
    expect(body.data.memories.map((memory) => memory.memoryId)).toEqual([lisbon, porto, madrid])

    const mine = await t.call<TripSummary[]>('GET', '/api/trip/getMyTrips', { token: owner.token })
    expect(mine.body.data).toEqual([expect.objectContaining({ tripId, myRole: 'owner', memoryCount: 3 })])
    // Each memory can say which trip holds it.
    expect(mine.body.data[0]?.myMemoryIds.toSorted()).toEqual([lisbon, porto, madrid].toSorted())
  })

  it("refuses another traveller's memory and a memory already in a trip, and creates nothing then", async () => {
    const owner = await t.register()
    const other = await t.register()
    const own = await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')
    const theirs = await memoryOn(other, 'pt-porto-1', '2025-06-06', '2025-06-09')
    const refused = await post(owner, 'createTrip', { title: 'Mixed', visibility: 3, memoryIds: [own, theirs] })
    expect({ status: refused.status, message: refused.body.metadata.message }).toEqual({
      status: 422,
      message: TRIP_TEXTS.notYourMemory,
    })
    await createTrip(owner, [own])
    const again = await post(owner, 'createTrip', { title: 'Second', visibility: 3, memoryIds: [own] })
    expect({ status: again.status, message: again.body.metadata.message }).toEqual({
      status: 409,
      message: TRIP_TEXTS.memoryInTrip('Iberian spring'),
    })
    const mine = await t.call<TripSummary[]>('GET', '/api/trip/getMyTrips', { token: owner.token })
    expect(mine.body.data).toHaveLength(1)
    for (const title of ['', 'x'.repeat(81)]) {
      expect((await post(owner, 'createTrip', { title, visibility: 3, memoryIds: [] })).status).toBe(400)
    }
  })

  it('puts a memory in one trip when two creations race for it', async () => {
    const owner = await t.register()
    const memoryId = await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')
    const answers = await Promise.all(
      [1, 2].map((n) => post(owner, 'createTrip', { title: `Race ${n}`, visibility: 3, memoryIds: [memoryId] })),
    )
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 409])
    const rows = await t.db.selectFrom('trip_memories').select('trip_id').where('memory_id', '=', memoryId).execute()
    expect(rows).toHaveLength(1)
    const mine = await t.call<TripSummary[]>('GET', '/api/trip/getMyTrips', { token: owner.token })
    expect(mine.body.data).toHaveLength(1)
  })

  it('deletes a trip without its memories, and only for its owner', async () => {
    const owner = await t.register()
    const stranger = await t.register()
    const memoryId = await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')
    const tripId = await createTrip(owner, [memoryId])
    expect((await post(stranger, 'deleteTrip', { tripId })).status).toBe(404)
    expect((await post(owner, 'deleteTrip', { tripId })).status).toBe(200)
    expect((await tripAs(owner, tripId)).status).toBe(404)
    expect((await t.call('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: owner.token })).status).toBe(200)
  })
})

describe("a trip's visibility and its memories' own", () => {
  it('shows a trip as its visibility says, and in it only the memories the viewer may see', async () => {
    const owner = await t.register()
    const friend = await t.register()
    const stranger = await t.register()
    await makeFriends(t, owner, friend)
    const open = await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05', VISIBILITY.Public)
    const forFriends = await memoryOn(owner, 'pt-porto-1', '2025-06-06', '2025-06-09', VISIBILITY.Friends)
    const secret = await memoryOn(owner, 'es-madrid-1', '2025-06-10', '2025-06-14', VISIBILITY.Private)
    const tripId = await createTrip(owner, [open, forFriends, secret], VISIBILITY.Public)

    const seen = async (viewer: TestUser) => {
      const { status, body } = await tripAs(viewer, tripId)
      return status === 200
        ? { ids: body.data.memories.map((memory) => memory.memoryId), endDate: body.data.endDate }
        : status
    }
    // A Public trip never reveals a Private memory, nor its dates.
    expect(await seen(stranger)).toEqual({ ids: [open], endDate: '2025-06-05' })
    expect(await seen(friend)).toEqual({ ids: [open, forFriends], endDate: '2025-06-09' })
    expect(await seen(owner)).toEqual({ ids: [open, forFriends, secret], endDate: '2025-06-14' })

    await post(owner, 'updateTrip', { tripId, title: 'Only friends', visibility: VISIBILITY.Friends })
    expect(await seen(stranger)).toBe(404)
    expect(await seen(friend)).toMatchObject({ ids: [open, forFriends] })
    await post(owner, 'updateTrip', { tripId, title: 'Only me', visibility: VISIBILITY.Private })
    expect(await seen(friend)).toBe(404)
    // The reverse: a Private trip does not hide its Public memory, nor show itself through it.
    const memory = await t.call<Record<string, unknown>>('GET', `/api/memory/getMemory?memoryId=${open}`, {
      token: stranger.token,
    })
    expect(memory.status).toBe(200)
    expect(JSON.stringify(memory.body.data)).not.toContain('Only me')
    // Not the owner: nothing changes, nothing is told.
    expect((await post(friend, 'updateTrip', { tripId, title: 'Mine now', visibility: 3 })).status).toBe(404)
  })

  it('hides a trip across a block', async () => {
    const owner = await t.register()
    const blocked = await t.register()
    const tripId = await createTrip(owner, [await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')])
    expect((await tripAs(blocked, tripId)).status).toBe(200)
    await t.call('POST', '/api/blocks/blockTraveller', { token: owner.token, body: { travellerId: blocked.userId } })
    expect((await tripAs(blocked, tripId)).status).toBe(404)
  })
})

describe('travelling together', () => {
  it('invites friends only, lets the invited accept and add their own memories, and tells the others', async () => {
    const owner = await t.register()
    const friend = await t.register()
    const stranger = await t.register()
    await makeFriends(t, owner, friend)
    const tripId = await createTrip(
      owner,
      [await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')],
      VISIBILITY.Private,
    )

    const notFriend = await post(owner, 'inviteToTrip', { tripId, userId: stranger.userId })
    expect({ status: notFriend.status, message: notFriend.body.metadata.message }).toEqual({
      status: 422,
      message: TRIP_TEXTS.notFriend,
    })
    expect((await post(friend, 'inviteToTrip', { tripId, userId: stranger.userId })).status).toBe(404)
    expect((await post(owner, 'inviteToTrip', { tripId, userId: friend.userId })).status).toBe(200)
    expect((await post(owner, 'inviteToTrip', { tripId, userId: friend.userId })).status).toBe(200)
    const invitations = (await notificationsOf(friend)).filter(({ title }) => title === 'Trip invitation')
    expect(invitations).toEqual([{ title: 'Trip invitation', link: `/trip/${tripId}` }])

    // Invited, the friend sees the Private trip to answer, but adds nothing yet.
    expect((await tripAs(friend, tripId)).body.data.myRole).toBe('invited')
    const friendsMemory = await memoryOn(friend, 'pt-porto-1', '2025-06-06', '2025-06-09')
    const early = await post(friend, 'addTripMemory', { tripId, memoryId: friendsMemory })
    expect({ status: early.status, message: early.body.metadata.message }).toEqual({
      status: 422,
      message: TRIP_TEXTS.notTravelling,
    })

    expect((await post(friend, 'answerTripInvite', { tripId, accept: true })).status).toBe(200)
    expect(await notificationsOf(owner)).toContainEqual({ title: 'Trip invitation accepted', link: `/trip/${tripId}` })
    expect((await post(friend, 'addTripMemory', { tripId, memoryId: friendsMemory })).status).toBe(200)
    expect(await notificationsOf(owner)).toContainEqual({ title: 'New memory in your trip', link: `/trip/${tripId}` })
    const trip = await tripAs(owner, tripId)
    expect(trip.body.data.travellers.map(({ userId, role }) => [userId, role])).toEqual([
      [owner.userId, 'owner'],
      [friend.userId, 'accepted'],
    ])
    expect(trip.body.data.memories.map((memory) => memory.userId)).toEqual([owner.userId, friend.userId])
    // The friend's list says which of the trip's memories are theirs.
    const friendsTrips = await t.call<TripSummary[]>('GET', '/api/trip/getMyTrips', { token: friend.token })
    expect(friendsTrips.body.data.map(({ myRole, myMemoryIds }) => ({ myRole, myMemoryIds }))).toEqual([
      { myRole: 'accepted', myMemoryIds: [friendsMemory] },
    ])

    // Each edits only their own: the friend cannot take the owner's memory out, nor rename the trip.
    const ownersMemory = trip.body.data.memories[0]?.memoryId
    expect((await post(friend, 'removeTripMemory', { tripId, memoryId: ownersMemory })).status).toBe(422)
    expect((await post(friend, 'updateTrip', { tripId, title: 'Ours', visibility: 1 })).status).toBe(422)
    // Nor put in someone else's memory; a traveller outside the trip learns nothing of it.
    const strangersMemory = await memoryOn(stranger, 'es-madrid-1', '2025-06-10', '2025-06-14')
    expect((await post(friend, 'addTripMemory', { tripId, memoryId: strangersMemory })).status).toBe(422)
    expect((await post(stranger, 'addTripMemory', { tripId, memoryId: strangersMemory })).status).toBe(404)
  })

  it('refuses to invite a friend across a block', async () => {
    const owner = await t.register()
    const friend = await t.register()
    await makeFriends(t, owner, friend)
    const tripId = await createTrip(owner, [], VISIBILITY.Private)
    await t.call('POST', '/api/blocks/blockTraveller', { token: friend.token, body: { travellerId: owner.userId } })
    expect((await post(owner, 'inviteToTrip', { tripId, userId: friend.userId })).status).toBe(422)
  })

  it("takes a removed traveller's memories out of the trip, not out of their account", async () => {
    const owner = await t.register()
    const friend = await t.register()
    await makeFriends(t, owner, friend)
    const tripId = await createTrip(owner, [await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05')])
    await post(owner, 'inviteToTrip', { tripId, userId: friend.userId })
    await post(friend, 'answerTripInvite', { tripId, accept: true })
    const friendsMemory = await memoryOn(friend, 'pt-porto-1', '2025-06-06', '2025-06-09')
    await post(friend, 'addTripMemory', { tripId, memoryId: friendsMemory })

    expect((await post(owner, 'removeTripMember', { tripId, userId: owner.userId })).status).toBe(422)
    expect((await post(owner, 'removeTripMember', { tripId, userId: friend.userId })).status).toBe(200)
    const trip = await tripAs(owner, tripId)
    expect(trip.body.data.memoryCount).toBe(1)
    expect(trip.body.data.travellers).toHaveLength(1)
    const memory = await t.call('GET', `/api/memory/getMemory?memoryId=${friendsMemory}`, { token: friend.token })
    expect(memory.status).toBe(200)
    // Free again for a trip of their own.
    await createTrip(friend, [friendsMemory])
  })

  it('lets an invited friend decline, and a traveller leave', async () => {
    const owner = await t.register()
    const [one, two] = [await t.register(), await t.register()]
    await makeFriends(t, owner, one)
    await makeFriends(t, owner, two)
    const tripId = await createTrip(owner, [], VISIBILITY.Private)
    await post(owner, 'inviteToTrip', { tripId, userId: one.userId })
    await post(owner, 'inviteToTrip', { tripId, userId: two.userId })
    expect((await post(one, 'answerTripInvite', { tripId, accept: false })).status).toBe(200)
    expect((await tripAs(one, tripId)).status).toBe(404)
    expect((await post(one, 'answerTripInvite', { tripId, accept: true })).status).toBe(404)
    await post(two, 'answerTripInvite', { tripId, accept: true })
    expect((await post(two, 'removeTripMember', { tripId, userId: two.userId })).status).toBe(200)
    expect((await tripAs(two, tripId)).status).toBe(404)
  })
})

describe("a Public trip's share page", () => {
  it('shows only Public memories, by link, with a route map; a trip made Friends or Private is not found', async () => {
    const owner = await t.register()
    const open = await memoryOn(owner, 'pt-lisbon-1', '2025-06-01', '2025-06-05', VISIBILITY.Public)
    const secret = await createMemory(t, owner, 'es-madrid-1', {
      memoryStartDate: '2025-06-10',
      memoryEndDate: '2025-06-14',
      memoryContent: 'A <b>private</b> week in Madrid.',
      visibility: VISIBILITY.Private,
    })
    const porto = await createMemory(t, owner, 'pt-porto-1', {
      memoryStartDate: '2025-06-06',
      memoryEndDate: '2025-06-09',
      memoryContent: 'Port wine & <script>alert(1)</script> tiles.',
      visibility: VISIBILITY.Public,
    })
    const forFriends = await memoryOn(owner, 'jp-kyoto-1', '2025-06-15', '2025-06-16', VISIBILITY.Friends)
    const tripId = await createTrip(owner, [secret, porto, open, forFriends], VISIBILITY.Public)

    const page = await t.app.inject({ method: 'GET', url: `/s/trip?shareId=${tripId}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Iberian spring')
    expect(page.body).toContain('Lisbon → Porto')
    expect(page.body).toContain('Port wine &amp; &lt;script&gt;alert(1)&lt;/script&gt; tiles.')
    expect(page.body).not.toContain('<script>alert(1)')
    expect(page.body).not.toContain('Madrid')
    expect(page.body).not.toContain('private')
    expect(page.body).not.toContain('Kyoto')

    const previewPath = /og:image" content="[^"]*(\/api\/image\/tripMap\?[^"]+)"/.exec(page.body)?.[1]
    const preview = await t.app.inject({ method: 'GET', url: (previewPath ?? '').replaceAll('&amp;', '&') })
    expect(preview.statusCode).toBe(200)
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' })

    for (const visibility of [VISIBILITY.Friends, VISIBILITY.Private]) {
      await post(owner, 'updateTrip', { tripId, title: 'Iberian spring', visibility })
      expect((await t.app.inject({ method: 'GET', url: `/s/trip?shareId=${tripId}` })).statusCode).toBe(404)
      expect((await t.app.inject({ method: 'GET', url: `/api/image/tripMap?shareId=${tripId}` })).statusCode).toBe(404)
    }
  })
})
