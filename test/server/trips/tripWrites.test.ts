import crypto from 'node:crypto'

import { VISIBILITY } from '@shared/constants'
import { TRIP_MEMBERS_MAX, TRIP_MEMORIES_MAX, TRIP_TEXTS } from '@shared/trips'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { makeFriends } from '../memories/fixtures'

import {
  addMemory,
  answer,
  insertMemories,
  joinTrip,
  memoryOn,
  newTrip,
  placeIn,
  postTrip,
  tripAs,
  tripHolding,
} from './fixtures'

/** A trip's writes (docs/product.md#trips): who may make each, in which order they are refused, and its caps. */
jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
}, 60_000)
afterAll(() => t.close())

const post = (user: TestUser, call: string, body: unknown) => postTrip(t, user, call, body)
const NOT_FOUND = { status: 404, message: TRIP_TEXTS.notFound }

/** An owner's Public trip with a memory of theirs, and a friend travelling in it with a memory of their own. */
async function travelledTogether() {
  const [owner, traveller] = [await t.register(), await t.register()]
  const ownersMemory = await memoryOn(t, owner, 'pt-lisbon-1', '2025-06-01')
  const tripId = await newTrip(t, owner, [ownersMemory])
  await joinTrip(t, owner, traveller, tripId)
  const travellersMemory = await memoryOn(t, traveller, 'pt-porto-1', '2025-06-03')
  await addMemory(t, traveller, tripId, travellersMemory)
  return { owner, traveller, tripId, ownersMemory, travellersMemory }
}

describe('an outsider learns nothing of a trip', () => {
  it('answers every write of someone without a place in the trip as for a trip that does not exist', async () => {
    const { owner, traveller, tripId, ownersMemory } = await travelledTogether()
    const stranger = await t.register()
    const ownersFriend = await t.register()
    await makeFriends(t, owner, ownersFriend)
    const strangersMemory = await memoryOn(t, stranger, 'es-madrid-1', '2025-06-05')
    const writes = (trip: string): [string, unknown][] => [
      // Each of these used to say something of the trip before it said "not found".
      ['removeTripMember', { tripId: trip, userId: owner.userId }],
      ['removeTripMember', { tripId: trip, userId: traveller.userId }],
      ['removeTripMember', { tripId: trip, userId: stranger.userId }],
      ['removeTripMemory', { tripId: trip, memoryId: ownersMemory }],
      ['removeTripMemory', { tripId: trip, memoryId: strangersMemory }],
      ['addTripMemory', { tripId: trip, memoryId: strangersMemory }],
      ['updateTrip', { tripId: trip, title: 'Mine now', visibility: VISIBILITY.Public }],
      ['deleteTrip', { tripId: trip }],
      ['inviteToTrip', { tripId: trip, userId: stranger.userId }],
    ]
    // The trip is Public, and the owner's friend may open it: seeing a trip is no place in it.
    for (const outsider of [stranger, ownersFriend]) {
      for (const [call, body] of writes(tripId)) {
        expect({ call, ...answer(await post(outsider, call, body)) }).toEqual({ call, ...NOT_FOUND })
      }
      for (const [call, body] of writes(crypto.randomUUID())) {
        expect({ call, ...answer(await post(outsider, call, body)) }).toEqual({ call, ...NOT_FOUND })
      }
    }
    const trip = await tripAs(t, owner, tripId)
    expect(trip.body.data).toMatchObject({ title: 'Iberian spring', memoryCount: 2 })
    expect(trip.body.data.travellers.map(({ userId }) => userId)).toEqual([owner.userId, traveller.userId])
  })

  it('refuses a rule to someone in the trip with 422 once their place is known, never 403', async () => {
    const { owner, traveller, tripId, ownersMemory } = await travelledTogether()
    const invited = await t.register()
    await joinTrip(t, owner, invited, tripId, false)
    expect(answer(await post(traveller, 'removeTripMember', { tripId, userId: owner.userId }))).toEqual({
      status: 422,
      message: TRIP_TEXTS.ownerStays,
    })
    expect(answer(await post(invited, 'removeTripMemory', { tripId, memoryId: ownersMemory }))).toEqual({
      status: 422,
      message: TRIP_TEXTS.ownerOnly,
    })
    const invitedsMemory = await memoryOn(t, invited, 'es-madrid-1', '2025-06-05')
    expect(answer(await post(invited, 'addTripMemory', { tripId, memoryId: invitedsMemory }))).toEqual({
      status: 422,
      message: TRIP_TEXTS.notTravelling,
    })
    // Someone in the trip may learn that a memory is not in it.
    expect(answer(await post(invited, 'removeTripMemory', { tripId, memoryId: invitedsMemory }))).toEqual({
      status: 404,
      message: TRIP_TEXTS.notInTrip,
    })
  })
})

describe('taking a memory or a traveller out', () => {
  it('lets the author and the owner take a memory out of the trip; the memory stays in its account', async () => {
    const { owner, traveller, tripId, ownersMemory, travellersMemory } = await travelledTogether()
    expect((await post(traveller, 'removeTripMemory', { tripId, memoryId: travellersMemory })).status).toBe(200)
    expect(await tripHolding(t, travellersMemory)).toBeNull()
    await addMemory(t, traveller, tripId, travellersMemory)
    // The owner takes out another's memory as well as their own.
    expect((await post(owner, 'removeTripMemory', { tripId, memoryId: travellersMemory })).status).toBe(200)
    expect((await post(owner, 'removeTripMemory', { tripId, memoryId: ownersMemory })).status).toBe(200)
    expect([await tripHolding(t, travellersMemory), await tripHolding(t, ownersMemory)]).toEqual([null, null])
    expect((await tripAs(t, owner, tripId)).body.data.memoryCount).toBe(0)
    for (const [author, memoryId] of [
      [traveller, travellersMemory],
      [owner, ownersMemory],
    ] as const) {
      const memory = await t.call('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: author.token })
      expect(memory.status).toBe(200)
    }
  })

  it('refuses a traveller who is not the owner taking another traveller out, and changes nothing', async () => {
    const { owner, traveller, tripId, travellersMemory } = await travelledTogether()
    const other = await t.register()
    await joinTrip(t, owner, other, tripId)
    const othersMemory = await memoryOn(t, other, 'es-madrid-1', '2025-06-05')
    await addMemory(t, other, tripId, othersMemory)
    expect(answer(await post(traveller, 'removeTripMember', { tripId, userId: other.userId }))).toEqual({
      status: 422,
      message: TRIP_TEXTS.ownerOnly,
    })
    expect(await placeIn(t, tripId, other.userId)).toBe('accepted')
    expect(await tripHolding(t, othersMemory)).toBe(tripId)
    expect(await tripHolding(t, travellersMemory)).toBe(tripId)
  })
})

describe("a traveller's memory keeps its own audience in the owner's trip", () => {
  it("shows a traveller's Friends memory in a Public trip to the traveller's friend, not to a stranger", async () => {
    const { traveller, tripId, ownersMemory } = await travelledTogether()
    const forFriends = await memoryOn(t, traveller, 'es-madrid-1', '2025-06-05', VISIBILITY.Friends)
    await addMemory(t, traveller, tripId, forFriends)
    const [travellersFriend, stranger] = [await t.register(), await t.register()]
    await makeFriends(t, traveller, travellersFriend)
    const seen = async (viewer: TestUser) => (await tripAs(t, viewer, tripId)).body.data.memories.map((m) => m.memoryId)
    expect(await seen(travellersFriend)).toContain(forFriends)
    expect(await seen(stranger)).not.toContain(forFriends)
    expect(await seen(stranger)).toContain(ownersMemory)
  })
})

describe("a trip's caps", () => {
  it(`holds at most ${TRIP_MEMBERS_MAX} travellers besides its owner, invited or accepted`, async () => {
    const owner = await t.register()
    const tripId = await newTrip(t, owner, [], VISIBILITY.Private)
    const friends: TestUser[] = []
    for (let n = 0; n <= TRIP_MEMBERS_MAX; n += 1) friends.push(await t.register())
    for (const [n, friend] of friends.slice(0, TRIP_MEMBERS_MAX).entries())
      await joinTrip(t, owner, friend, tripId, n % 2 === 0)
    const last = friends[TRIP_MEMBERS_MAX] as TestUser
    await makeFriends(t, owner, last)
    expect(answer(await post(owner, 'inviteToTrip', { tripId, userId: last.userId }))).toEqual({
      status: 422,
      message: TRIP_TEXTS.tooManyMembers,
    })
    expect(await placeIn(t, tripId, last.userId)).toBeNull()
    // Inviting one already there again is still a no-op, not a refusal.
    expect((await post(owner, 'inviteToTrip', { tripId, userId: friends[0]?.userId })).status).toBe(200)
    // A place that ends makes room.
    expect((await post(owner, 'removeTripMember', { tripId, userId: friends[0]?.userId })).status).toBe(200)
    expect((await post(owner, 'inviteToTrip', { tripId, userId: last.userId })).status).toBe(200)
  })

  it(`holds at most ${TRIP_MEMORIES_MAX} memories`, async () => {
    const owner = await t.register()
    const [first, ...others] = await insertMemories(t, owner, 'pt-lisbon-1', TRIP_MEMORIES_MAX + 1)
    const tripId = await newTrip(t, owner, others)
    const refused = await post(owner, 'addTripMemory', { tripId, memoryId: first })
    expect(answer(refused)).toEqual({ status: 422, message: TRIP_TEXTS.tooManyMemories })
    expect(await tripHolding(t, first as string)).toBeNull()
    expect((await post(owner, 'removeTripMemory', { tripId, memoryId: others[0] })).status).toBe(200)
    expect((await post(owner, 'addTripMemory', { tripId, memoryId: first })).status).toBe(200)
  })
})

describe('racing writes', () => {
  it('puts a memory in one trip when two additions to different trips race for it', async () => {
    const owner = await t.register()
    const trips = [await newTrip(t, owner), await newTrip(t, owner)]
    for (let round = 0; round < 3; round += 1) {
      const memoryId = await memoryOn(t, owner, 'pt-lisbon-1', '2025-06-01')
      const answers = await Promise.all(trips.map((tripId) => post(owner, 'addTripMemory', { tripId, memoryId })))
      expect(answers.map(({ status }) => status).sort()).toEqual([200, 409])
      const rows = await t.db.selectFrom('trip_memories').select('trip_id').where('memory_id', '=', memoryId).execute()
      expect(rows).toEqual([{ trip_id: trips[answers.findIndex(({ status }) => status === 200)] }])
    }
  })

  it("never leaves a traveller's memory in the trip when adding it races their removal", async () => {
    const owner = await t.register()
    const tripId = await newTrip(t, owner)
    for (let round = 0; round < 4; round += 1) {
      const traveller = await t.register()
      await joinTrip(t, owner, traveller, tripId)
      const memoryId = await memoryOn(t, traveller, 'pt-porto-1', '2025-06-03')
      const [added, removed] = await Promise.all([
        post(traveller, 'addTripMemory', { tripId, memoryId }),
        post(owner, 'removeTripMember', { tripId, userId: traveller.userId }),
      ])
      expect(removed.status).toBe(200)
      // Added first and then taken out with its author, or refused once the traveller is gone.
      expect([200, 404]).toContain(added.status)
      expect(await placeIn(t, tripId, traveller.userId)).toBeNull()
      expect(await tripHolding(t, memoryId)).toBeNull()
    }
  })
})
