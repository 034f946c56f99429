import sharp from 'sharp'

import { RECAP_TEXTS, type ShareYearRecapResult, type YearRecap } from '@shared/recap'
import { befriend } from '@server/features/friends/friendships'
import { pinClock } from '@server/lib/clock'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { createMemory, giveCopy } from '../memories/fixtures'

/** A year in cards (docs/product.md#year-recap) and its share page. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
}, 60_000)
afterAll(() => t.close())
afterEach(() => pinClock(null))

function recapOf(user: TestUser, year: number | string) {
  return t.call<YearRecap>('GET', `/api/recap/getYearRecap?year=${year}`, { token: user.token })
}

async function verify(user: TestUser, cardSetId: string, takenOn: string | null, verifiedAt: string) {
  await t.db
    .insertInto('place_verifications')
    .values({
      user_id: user.userId,
      card_set_id: cardSetId,
      memory_id: null,
      taken_on: takenOn,
      verified_at: verifiedAt,
    })
    .execute()
}

/**
 * A traveller's 2025: Lisbon held since 2024 (a second copy in 2025) and verified in August; Porto new in June, written
 * about for twelve days (Public); France new in July as an Epic card, written about for twenty days (Private); a friend
 * made in April. Outside the year: a visit photographed on the last day of 2024, a memory of 2024.
 */
async function travellerOf2025() {
  const traveller = await t.register()
  await giveCopy(t, traveller.userId, 'pt-lisbon-1', '2024-05-01T10:00:00.000Z')
  await giveCopy(t, traveller.userId, 'pt-lisbon-1', '2025-02-01T10:00:00.000Z')
  await giveCopy(t, traveller.userId, 'pt-porto-1', '2025-06-01T10:00:00.000Z')
  await giveCopy(t, traveller.userId, 'country-fr-3', '2025-07-01T10:00:00.000Z')
  await verify(traveller, 'pt-lisbon', '2025-08-10', '2025-08-12T09:00:00.000Z')
  await verify(traveller, 'country-es', '2024-12-31', '2025-01-02T09:00:00.000Z')
  const porto = await createMemory(t, traveller, 'pt-porto-1', {
    memoryStartDate: '2025-06-01',
    memoryEndDate: '2025-06-12',
    memoryContent: 'Port lodges and the Douro at dusk.',
    visibility: 3,
  })
  const france = await createMemory(t, traveller, 'country-fr-1', {
    memoryStartDate: '2025-09-01',
    memoryEndDate: '2025-09-20',
    memoryContent: 'A private month in Provence.',
    visibility: 1,
  })
  const lisbon2024 = await createMemory(t, traveller, 'pt-lisbon-1', {
    memoryStartDate: '2024-03-01',
    memoryEndDate: '2024-03-30',
  })
  // Two trips: the Douro's, which also holds the month in Lisbon of 2024, and Provence's.
  const douro = await tripOf(traveller, 'Douro and Lisbon', [porto, lisbon2024])
  const provence = await tripOf(traveller, 'Provence', [france])
  const friend = await t.register()
  pinClock(new Date('2025-04-01T12:00:00Z'))
  await t.db.transaction().execute((trx) => befriend(trx, traveller.userId, friend.userId))
  pinClock(null)
  return { traveller, porto, france, douro, provence }
}

async function tripOf(traveller: TestUser, title: string, memoryIds: string[]): Promise<string> {
  const { status, body } = await t.call<{ tripId: string }>('POST', '/api/trip/createTrip', {
    token: traveller.token,
    body: { title, visibility: 2, memoryIds },
  })
  if (status !== 200) throw new Error(`createTrip failed: ${JSON.stringify(body)}`)
  return body.data.tripId
}

describe('getYearRecap', () => {
  it('counts the year: new places, verified visits, countries, cards by rarity, memories, trips, friends, the longest journey and trip', async () => {
    const { traveller, france, provence } = await travellerOf2025()
    const { status, body } = await recapOf(traveller, 2025)
    expect(status).toBe(200)
    expect(body.data).toEqual({
      year: 2025,
      newPlaces: [
        expect.objectContaining({ cardSetId: 'country-fr', name: 'France', cardId: 'country-fr-3' }),
        expect.objectContaining({ cardSetId: 'pt-porto', name: 'Porto', cardId: 'pt-porto-1' }),
      ],
      verifiedPlaces: [expect.objectContaining({ cardSetId: 'pt-lisbon', name: 'Lisbon', cardId: 'pt-lisbon-1' })],
      countries: [
        { countryCode: 'FR', name: 'France' },
        { countryCode: 'PT', name: 'Portugal' },
      ],
      cardsByRarity: [2, 0, 1, 0, 0],
      memories: 2,
      publicMemories: 1,
      friendsMade: 1,
      longestJourney: { memoryId: france, place: 'France', startDate: '2025-09-01', endDate: '2025-09-20', days: 20 },
      trips: 2,
      // The Douro trip spans two years, but only its twelve days of 2025 count for 2025.
      longestTrip: { tripId: provence, title: 'Provence', startDate: '2025-09-01', endDate: '2025-09-20', days: 20 },
      shareId: null,
    })
    // The year before holds Lisbon's first copy and its memory only, in the Douro trip.
    const before = await recapOf(traveller, 2024)
    expect(before.body.data).toMatchObject({
      newPlaces: [expect.objectContaining({ name: 'Lisbon' })],
      verifiedPlaces: [expect.objectContaining({ cardSetId: 'country-es' })],
      cardsByRarity: [1, 0, 0, 0, 0],
      memories: 1,
      trips: 1,
      longestTrip: expect.objectContaining({ title: 'Douro and Lisbon', days: 30 }),
      friendsMade: 0,
    })
  })

  it('answers a year with nothing in it with an honest empty recap, and refuses a year that has not begun', async () => {
    pinClock(new Date('2026-06-01T12:00:00Z'))
    const traveller = await t.register()
    const { status, body } = await recapOf(traveller, 2019)
    expect(status).toBe(200)
    expect(body.data).toEqual({
      year: 2019,
      newPlaces: [],
      verifiedPlaces: [],
      countries: [],
      cardsByRarity: [0, 0, 0, 0, 0],
      memories: 0,
      publicMemories: 0,
      friendsMade: 0,
      longestJourney: null,
      trips: 0,
      longestTrip: null,
      shareId: null,
    })
    const future = await recapOf(traveller, 2027)
    expect({ status: future.status, message: future.body.metadata.message }).toEqual({
      status: 400,
      message: RECAP_TEXTS.futureYear,
    })
    for (const year of ['1999', 'last', '20250']) expect((await recapOf(traveller, year)).status).toBe(400)
    // New Year's Day has come in the easternmost time zone (UTC+14) at 10:00 UTC on 31 December.
    pinClock(new Date('2026-12-31T10:30:00Z'))
    expect((await recapOf(await t.register(), 2027)).status).toBe(200)
  })
})

describe('a shared year', () => {
  it('is shared by one link, shows only what is public, has a 1200×630 preview, and stops at once', async () => {
    const { traveller } = await travellerOf2025()
    const share = (path: string) =>
      t.call<ShareYearRecapResult>('POST', `/api/recap/${path}`, { token: traveller.token, body: { year: 2025 } })
    const first = await share('shareYearRecap')
    const again = await share('shareYearRecap')
    expect(first.status).toBe(200)
    expect(again.body.data.shareId).toBe(first.body.data.shareId)
    const { shareId } = first.body.data
    expect((await recapOf(traveller, 2025)).body.data.shareId).toBe(shareId)

    const page = await t.app.inject({ method: 'GET', url: `/s/recap?shareId=${encodeURIComponent(shareId)}` })
    expect(page.statusCode).toBe(200)
    const html = page.body
    expect(html).toContain(`${traveller.username}&#39;s 2025 in cards`)
    expect(html).toContain('2 new places · 1 verified visit · 2 countries · 3 cards')
    // The longest Public journey, not the longer Private one; no friends, no private text.
    expect(html).toContain('Porto: 12 days.')
    expect(html).not.toContain('Provence')
    // Nor the trips, whose titles and travellers are the traveller's to share by the trip's own link.
    expect(html).not.toContain('Douro and Lisbon')
    expect(html).not.toContain('France: 20 days')
    expect(html).not.toContain('Friends')
    expect(html).toContain('Public memories')

    const previewPath = /og:image" content="[^"]*(\/api\/image\/yearRecap\?[^"]+)"/.exec(html)?.[1]
    expect(previewPath).toBeDefined()
    const preview = await t.app.inject({ method: 'GET', url: (previewPath ?? '').replaceAll('&amp;', '&') })
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toBe('image/png')
    // No cache may keep showing it once sharing stops: each use asks again.
    expect(preview.headers['cache-control']).toBe('public, no-cache')
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' })

    // Another traveller cannot stop it; its owner can, and the link and its picture are gone at once.
    const other = await t.register()
    await t.call('POST', '/api/recap/stopSharingYearRecap', { token: other.token, body: { year: 2025 } })
    expect((await t.app.inject({ method: 'GET', url: `/s/recap?shareId=${shareId}` })).statusCode).toBe(200)
    expect((await share('stopSharingYearRecap')).status).toBe(200)
    expect((await share('stopSharingYearRecap')).status).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: `/s/recap?shareId=${shareId}` })).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/image/yearRecap?shareId=${encodeURIComponent(shareId)}` }))
        .statusCode,
    ).toBe(404)
    expect((await recapOf(traveller, 2025)).body.data.shareId).toBeNull()
    // Shared again: a new link, so the old one stays dead.
    expect((await share('shareYearRecap')).body.data.shareId).not.toBe(shareId)
  })

  it('finds nothing for an id never shared', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/s/recap?shareId=not-a-share' })).statusCode).toBe(404)
  })
})
