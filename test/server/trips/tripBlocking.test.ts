import { VISIBILITY } from '@shared/constants'
import type { FriendPage } from '@shared/friends'
import { TRIP_TEXTS } from '@shared/trips'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { makeFriends } from '../memories/fixtures'

import {
  addMemory,
  answer,
  block,
  joinTrip,
  memoryOn,
  myTrips,
  newTrip,
  placeIn,
  postTrip,
  tripAs,
  tripHolding,
} from './fixtures'

/**
 * Trips across a block (docs/product.md#blocking, #trips): a block ends a place in a trip the other owns, in the
 * block's transaction, and nothing of a trip reaches either traveller across it.
 */
jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
}, 60_000)
afterAll(() => t.close())

const post = (user: TestUser, call: string, body: unknown) => postTrip(t, user, call, body)

/** An owner's Public trip with a memory of theirs and a friend travelling in it with a memory of their own. */
async function travelledTogether() {
  const [owner, traveller] = [await t.register(), await t.register()]
  const ownersMemory = await memoryOn(t, owner, 'pt-lisbon-1', '2025-06-01')
  const tripId = await newTrip(t, owner, [ownersMemory])
  await joinTrip(t, owner, traveller, tripId)
  const travellersMemory = await memoryOn(t, traveller, 'pt-porto-1', '2025-06-03')
  await addMemory(t, traveller, tripId, travellersMemory)
  return { owner, traveller, tripId, ownersMemory, travellersMemory }
}

/** A block as one written before blocks ended trips: the row alone, every place in a trip left as it was. */
async function blockRowOnly(blocker: TestUser, blocked: TestUser) {
  await t.db
    .insertInto('blocks')
    .values({ blocker_id: blocker.userId, blocked_id: blocked.userId, created_at: new Date().toISOString() })
    .execute()
}

const travellerIds = async (viewer: TestUser, tripId: string) =>
  (await tripAs(t, viewer, tripId)).body.data.travellers.map(({ userId }) => userId)

describe('a block ends a place in a trip the other owns', () => {
  it.each(['owner', 'traveller'] as const)(
    'takes the traveller and their memories out of the trip when the %s blocks',
    async (blocker) => {
      const together = await travelledTogether()
      const { owner, traveller, tripId, ownersMemory, travellersMemory } = together
      const other = blocker === 'owner' ? traveller : owner
      expect((await block(t, together[blocker], other.userId)).status).toBe(200)

      expect(await placeIn(t, tripId, traveller.userId)).toBeNull()
      expect(await tripHolding(t, travellersMemory)).toBeNull()
      expect(await tripHolding(t, ownersMemory)).toBe(tripId)
      expect(await travellerIds(owner, tripId)).toEqual([owner.userId])
      expect((await tripAs(t, owner, tripId)).body.data.memoryCount).toBe(1)
      expect((await myTrips(t, traveller)).map((trip) => trip.tripId)).not.toContain(tripId)
      // The memory stays its author's, free for a trip of their own.
      const memory = await t.call('GET', `/api/memory/getMemory?memoryId=${travellersMemory}`, {
        token: traveller.token,
      })
      expect(memory.status).toBe(200)
      await newTrip(t, traveller, [travellersMemory])

      // Blocking again changes nothing and is no refusal.
      expect((await block(t, together[blocker], other.userId)).status).toBe(200)
      expect(await tripHolding(t, ownersMemory)).toBe(tripId)
    },
  )

  it("ends an invitation, and a place in the blocked traveller's own trip", async () => {
    const [a, b] = [await t.register(), await t.register()]
    const aOwns = await newTrip(t, a, [], VISIBILITY.Private)
    const bOwns = await newTrip(t, b, [], VISIBILITY.Private)
    await joinTrip(t, a, b, aOwns, false)
    await joinTrip(t, b, a, bOwns)
    const aMemory = await memoryOn(t, a, 'pt-porto-1', '2025-06-03')
    await addMemory(t, a, bOwns, aMemory)

    expect((await block(t, a, b.userId)).status).toBe(200)
    expect([await placeIn(t, aOwns, b.userId), await placeIn(t, bOwns, a.userId)]).toEqual([null, null])
    expect(await tripHolding(t, aMemory)).toBeNull()
    expect(answer(await post(b, 'answerTripInvite', { tripId: aOwns, accept: true }))).toEqual({
      status: 404,
      message: TRIP_TEXTS.noInvite,
    })
    expect((await myTrips(t, a)).map((trip) => trip.tripId)).toEqual([aOwns])
  })

  it('leaves two travellers who block each other in a third traveller’s trip, each unseen by the other', async () => {
    const { owner, traveller, tripId, travellersMemory } = await travelledTogether()
    const other = await t.register()
    await joinTrip(t, owner, other, tripId)
    const othersMemory = await memoryOn(t, other, 'es-madrid-1', '2025-06-05')
    await addMemory(t, other, tripId, othersMemory)

    expect((await block(t, traveller, other.userId)).status).toBe(200)
    expect([await placeIn(t, tripId, traveller.userId), await placeIn(t, tripId, other.userId)]).toEqual([
      'accepted',
      'accepted',
    ])
    expect(await travellerIds(owner, tripId)).toEqual([owner.userId, traveller.userId, other.userId])
    expect(await travellerIds(traveller, tripId)).toEqual([owner.userId, traveller.userId])
    expect(await travellerIds(other, tripId)).toEqual([owner.userId, other.userId])
    const memoriesSeenBy = async (viewer: TestUser) =>
      (await tripAs(t, viewer, tripId)).body.data.memories.map(({ memoryId }) => memoryId)
    expect(await memoriesSeenBy(traveller)).not.toContain(othersMemory)
    expect(await memoriesSeenBy(other)).not.toContain(travellersMemory)
  })
})

describe('a block left from before blocks ended trips', () => {
  it('keeps the trip from the traveller: not listed, not opened, no memory added, no invitation answered', async () => {
    const { owner, traveller, tripId } = await travelledTogether()
    const invited = await t.register()
    await joinTrip(t, owner, invited, tripId, false)
    await blockRowOnly(owner, traveller)
    await blockRowOnly(invited, owner)

    for (const outsider of [traveller, invited]) {
      expect((await myTrips(t, outsider)).map((trip) => trip.tripId)).not.toContain(tripId)
      expect(answer(await tripAs(t, outsider, tripId))).toEqual({ status: 404, message: TRIP_TEXTS.notFound })
    }
    const memoryId = await memoryOn(t, traveller, 'es-madrid-1', '2025-06-05')
    expect(answer(await post(traveller, 'addTripMemory', { tripId, memoryId }))).toEqual({
      status: 404,
      message: TRIP_TEXTS.notFound,
    })
    expect(await tripHolding(t, memoryId)).toBeNull()
    // As for anyone without an invitation.
    expect(answer(await post(invited, 'answerTripInvite', { tripId, accept: true }))).toEqual({
      status: 404,
      message: TRIP_TEXTS.noInvite,
    })
    expect(await placeIn(t, tripId, invited.userId)).toBe('invited')
    // The owner no longer sees either of them among the travellers.
    expect(await travellerIds(owner, tripId)).toEqual([owner.userId])
  })

  it("keeps a trip whose owner the viewer blocked off a common friend's page", async () => {
    const { owner, traveller, tripId } = await travelledTogether()
    const viewer = await t.register()
    await makeFriends(t, viewer, traveller)
    const tripsOnPage = async () => {
      const { body } = await t.call<FriendPage>('GET', `/api/friends/getFriendPage?userId=${traveller.userId}`, {
        token: viewer.token,
      })
      return body.data.trips.map((trip) => trip.tripId)
    }
    expect(await tripsOnPage()).toEqual([tripId])
    expect((await block(t, viewer, owner.userId)).status).toBe(200)
    expect(await tripsOnPage()).toEqual([])
  })
})

describe('a block racing a trip write of the pair', () => {
  it("never leaves the traveller's memory in the owner's trip when adding it races the block", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { owner, traveller, tripId } = await travelledTogether()
      const memoryId = await memoryOn(t, traveller, 'es-madrid-1', '2025-06-05')
      const [added, blocked] = await Promise.all([
        post(traveller, 'addTripMemory', { tripId, memoryId }),
        block(t, owner, traveller.userId),
      ])
      expect(blocked.status).toBe(200)
      expect([200, 404]).toContain(added.status)
      expect(await placeIn(t, tripId, traveller.userId)).toBeNull()
      expect(await tripHolding(t, memoryId)).toBeNull()
    }
  })

  it('never leaves an invitation across a block when inviting races it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [owner, friend] = [await t.register(), await t.register()]
      await makeFriends(t, owner, friend)
      const tripId = await newTrip(t, owner, [], VISIBILITY.Private)
      const [invited, blocked] = await Promise.all([
        post(owner, 'inviteToTrip', { tripId, userId: friend.userId }),
        block(t, friend, owner.userId),
      ])
      expect(blocked.status).toBe(200)
      expect([200, 422]).toContain(invited.status)
      expect(await placeIn(t, tripId, friend.userId)).toBeNull()
    }
  })
})
