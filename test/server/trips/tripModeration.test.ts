import crypto from 'node:crypto'

import { VISIBILITY } from '@shared/constants'
import { TRIP_TEXTS } from '@shared/trips'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { makeFriends } from '../memories/fixtures'

import { addMemory, answer, joinTrip, memoryOn, myTrips, newTrip, postTrip, tripAs } from './fixtures'

/**
 * What others see of a trip while moderation suspends one of its travellers, and how long a cache may keep a Public
 * trip's route map (docs/product.md#trips, #reports-and-moderation).
 */
jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
}, 60_000)
afterAll(() => t.close())

async function suspend(user: TestUser) {
  await t.db
    .insertInto('suspensions')
    .values({
      id: crypto.randomUUID(),
      user_id: user.userId,
      starts_at: new Date(Date.now() - 1000).toISOString(),
      ends_at: null,
      reason: 'Spam',
      created_by: null,
      lifted_at: null,
      lifted_by: null,
    })
    .execute()
}

async function liftSuspensions(user: TestUser) {
  await t.db
    .updateTable('suspensions')
    .set({ lifted_at: new Date().toISOString() })
    .where('user_id', '=', user.userId)
    .execute()
}

const sharePage = (tripId: string) => t.app.inject({ method: 'GET', url: `/s/trip?shareId=${tripId}` })
const routeMap = (tripId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/image/tripMap?shareId=${tripId}`, headers })

describe("a suspended owner's trip", () => {
  it.each([
    { name: 'Public', visibility: VISIBILITY.Public },
    { name: 'Friends', visibility: VISIBILITY.Friends },
  ])('keeps a $name trip from those outside it while the suspension lasts', async ({ visibility }) => {
    const [owner, traveller, ownersFriend, stranger] = [
      await t.register(),
      await t.register(),
      await t.register(),
      await t.register(),
    ]
    await makeFriends(t, owner, ownersFriend)
    const tripId = await newTrip(t, owner, [await memoryOn(t, owner, 'pt-lisbon-1', '2025-06-01')], visibility)
    await joinTrip(t, owner, traveller, tripId)
    const outsiders = visibility === VISIBILITY.Public ? [ownersFriend, stranger] : [ownersFriend]
    for (const viewer of outsiders) expect((await tripAs(t, viewer, tripId)).status).toBe(200)

    await suspend(owner)
    for (const viewer of outsiders)
      expect(answer(await tripAs(t, viewer, tripId))).toEqual({ status: 404, message: TRIP_TEXTS.notFound })
    // Those in the trip keep it: their own memories are in it, and they may leave it.
    for (const insider of [owner, traveller]) expect((await tripAs(t, insider, tripId)).status).toBe(200)
    expect((await myTrips(t, traveller)).map((trip) => trip.tripId)).toEqual([tripId])

    await liftSuspensions(owner)
    for (const viewer of outsiders) expect((await tripAs(t, viewer, tripId)).status).toBe(200)
  })
})

describe("a Public trip's share page", () => {
  it('does not name a suspended traveller, nor show their memories', async () => {
    const owner = await t.register()
    const [named, suspended] = [await t.register(), await t.register()]
    const tripId = await newTrip(t, owner, [await memoryOn(t, owner, 'pt-lisbon-1', '2025-06-01')])
    for (const traveller of [named, suspended]) await joinTrip(t, owner, traveller, tripId)
    await addMemory(t, suspended, tripId, await memoryOn(t, suspended, 'es-madrid-1', '2025-06-05'))
    const before = await sharePage(tripId)
    expect(before.body).toContain(suspended.username)
    expect(before.body).toContain('Madrid')

    await suspend(suspended)
    const page = await sharePage(tripId)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(named.username)
    expect(page.body).not.toContain(suspended.username)
    expect(page.body).not.toContain('Madrid')
  })

  it('lets a cache keep the route map only while it asks again before each use', async () => {
    const owner = await t.register()
    const tripId = await newTrip(t, owner, [await memoryOn(t, owner, 'pt-lisbon-1', '2025-06-01')])
    const first = await routeMap(tripId)
    expect(first.statusCode).toBe(200)
    // A trip made Private stops being readable at once: no cache may answer for it without asking.
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect((await routeMap(tripId, { 'if-none-match': etag })).statusCode).toBe(304)

    await postTrip(t, owner, 'updateTrip', { tripId, title: 'Iberian spring', visibility: VISIBILITY.Private })
    expect((await routeMap(tripId, { 'if-none-match': etag })).statusCode).toBe(404)
  })
})
