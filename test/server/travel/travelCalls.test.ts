import sharp from 'sharp'

import type { UserCard } from '@shared/collection'
import type { BucketList, MapPlaces, MyMap, PlaceTravel, Progress } from '@shared/travel'
import { PREVIEW_FOLDER } from '@server/features/travel/mapImage'
import { travelMapPreview, travelShareFacts } from '@server/features/travel/profilePreview'
import { blobFolder } from '@server/lib/blobStore'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { giveCopy, makeFriends } from '../memories/fixtures'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
}, 60_000)
afterAll(() => t.close())

async function verify(userId: string, cardSetId: string): Promise<void> {
  await t.db
    .insertInto('place_verifications')
    .values({
      user_id: userId,
      card_set_id: cardSetId,
      memory_id: null,
      taken_on: '2025-05-01',
      verified_at: new Date().toISOString(),
    })
    .execute()
}

describe('GET /api/travel/getMapPlaces', () => {
  it('draws every place of the catalogue: outlines for countries and states, markers for cities', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/travel/getMapPlaces',
      headers: { 'x-api-key': 'test-web-key' },
    })
    expect(response.statusCode).toBe(200)
    const map = response.json<{ data: MapPlaces }>().data
    const placeCount = (await t.db.selectFrom('card_sets').select('id').execute()).length
    expect(map.places).toHaveLength(placeCount)
    const byId = new Map(map.places.map((place) => [place.cardSetId, place]))
    const lisbon = present(byId.get('pt-lisbon'))
    expect(lisbon).toMatchObject({ kind: 'city', outline: null, cardId: 'pt-lisbon-1', countryCode: 'PT' })
    expect(present(byId.get('country-pt')).outline).toMatch(/^M\d+ \d+l/)
    expect(present(byId.get('us-ca')).outline).toMatch(/^M/)
    // Vatican City is a few hundred metres across: an outline too small to find, so it gets a marker too.
    expect(present(byId.get('country-va')).small).toBe(true)
    for (const place of map.places) {
      expect(place.x).toBeLessThanOrEqual(map.width)
      expect(place.y).toBeLessThanOrEqual(map.height)
    }

    const etag = present(response.headers.etag)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/travel/getMapPlaces',
      headers: { 'x-api-key': 'test-web-key', 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
  })
})

describe('GET /api/collection/getProgress', () => {
  it('counts against the whole catalogue, per collection and per country, with the denominator', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, 'pt-lisbon-3')
    await giveCopy(t, user.userId, 'pt-lisbon-5')
    await giveCopy(t, user.userId, 'country-fr-1')
    await t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId: 'country-fr-2', value: true } })
    await t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId: 'us-ca-1', value: true } })
    await verify(user.userId, 'us-ca')

    const { status, body } = await t.call<Progress>('GET', '/api/collection/getProgress', { token: user.token })
    expect(status).toBe(200)
    const progress = body.data
    const places = await t.db.selectFrom('card_sets').select(['id', 'collection_id', 'country_code']).execute()
    expect(progress.total).toEqual({ places: places.length, collected: 2, beenThere: 2, verified: 1 })
    expect(progress.collections.map((c) => c.places).reduce((a, b) => a + b, 0)).toBe(places.length)
    const usStates = present(progress.collections.find((c) => c.collectionId === 'us-states'))
    expect(usStates).toMatchObject({
      places: places.filter((p) => p.collection_id === 'us-states').length,
      collected: 0,
      beenThere: 1,
      verified: 1,
    })
    const us = present(progress.countries.find((c) => c.countryCode === 'US'))
    expect(us).toMatchObject({
      countryName: 'United States',
      places: places.filter((p) => p.country_code === 'US').length,
      beenThere: 1,
    })
    const france = present(progress.countries.find((c) => c.countryCode === 'FR'))
    expect(france).toMatchObject({ collected: 1, beenThere: 1, verified: 0 })
    const names = progress.countries.map((c) => c.countryName)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/collection/getProgress')).status).toBe(403)
  })
})

describe('GET /api/travel/getMyMap', () => {
  it('gives each place one status, the best first, and the card to open', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, 'jp-kyoto-2')
    await giveCopy(t, user.userId, 'jp-kyoto-4')
    await t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId: 'country-it-1', value: true } })
    await t.call('POST', '/api/travel/setWantToGo', {
      token: user.token,
      body: { cardId: 'country-is-1', value: true },
    })
    const { body } = await t.call<MyMap>('GET', '/api/travel/getMyMap', { token: user.token })
    const byId = new Map(body.data.places.map((place) => [place.cardSetId, place]))
    expect(byId.get('jp-kyoto')).toMatchObject({ status: 'collected', cardId: 'jp-kyoto-4', wantToGo: false })
    expect(byId.get('country-it')).toMatchObject({ status: 'beenThere', cardId: 'country-it-1' })
    expect(byId.get('country-is')).toMatchObject({ status: 'none', wantToGo: true })
    expect(byId.size).toBe(3)
  })
})

describe('the bucket list', () => {
  it('adds a place not yet been to, shows friends who have been there (verified first), and removes it', async () => {
    const me = await t.register()
    const verifiedFriend = await t.register()
    const markedFriend = await t.register()
    const stranger = await t.register()
    await makeFriends(t, me, verifiedFriend)
    await makeFriends(t, me, markedFriend)
    await verify(verifiedFriend.userId, 'country-ma')
    await t.call('POST', '/api/setBeenThere', {
      token: markedFriend.token,
      body: { cardId: 'country-ma-1', value: true },
    })
    await t.call('POST', '/api/setBeenThere', { token: stranger.token, body: { cardId: 'country-ma-1', value: true } })

    const added = await t.call('POST', '/api/travel/setWantToGo', {
      token: me.token,
      body: { cardId: 'country-ma-3', value: true },
    })
    expect(added.status).toBe(200)
    // Twice is once.
    await t.call('POST', '/api/travel/setWantToGo', { token: me.token, body: { cardId: 'country-ma-1', value: true } })

    const list = await t.call<BucketList>('GET', '/api/travel/getBucketList', { token: me.token })
    expect(list.body.data).toHaveLength(1)
    const [entry] = list.body.data
    expect(entry).toMatchObject({ cardSetId: 'country-ma', name: 'Morocco', cardId: 'country-ma-1', beenThere: false })
    expect(present(entry).friends.map((f) => [f.username, f.verified])).toEqual([
      [verifiedFriend.username, true],
      [markedFriend.username, false],
    ])

    const place = await t.call<PlaceTravel>('GET', '/api/travel/getPlaceTravel?cardId=country-ma-2', {
      token: me.token,
    })
    expect(place.body.data).toMatchObject({ cardSetId: 'country-ma', wantToGo: true, verification: null })
    expect(place.body.data.friends).toHaveLength(2)

    await t.call('POST', '/api/travel/setWantToGo', { token: me.token, body: { cardId: 'country-ma-1', value: false } })
    expect((await t.call<BucketList>('GET', '/api/travel/getBucketList', { token: me.token })).body.data).toEqual([])
  })

  it('refuses a place already been to, and changes nothing', async () => {
    const me = await t.register()
    await t.call('POST', '/api/setBeenThere', { token: me.token, body: { cardId: 'country-no-1', value: true } })
    const refused = await t.call('POST', '/api/travel/setWantToGo', {
      token: me.token,
      body: { cardId: 'country-no-1', value: true },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.metadata.message).toBe('You have been to Norway already.')
    const rows = await t.db.selectFrom('want_to_go').selectAll().where('user_id', '=', me.userId).execute()
    expect(rows).toEqual([])
  })
})

describe('the seal on an owned copy', () => {
  it('shows the owner their verified visit, and nobody else', async () => {
    const owner = await t.register()
    const viewer = await t.register()
    const userCardId = await giveCopy(t, owner.userId, 'pt-porto-2')
    await verify(owner.userId, 'pt-porto')
    const mine = await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${userCardId}`, { token: owner.token })
    expect(mine.body.data.placeVerified).toBe(true)
    const theirs = await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${userCardId}`, { token: viewer.token })
    expect(theirs.body.data.placeVerified).toBe(false)
  })
})

describe('GET /api/image/travelMap', () => {
  it('draws the profile map as a 1200×630 PNG, kept once per map version in the blob store', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, 'country-br-1')
    const first = await t.app.inject({ method: 'GET', url: `/api/image/travelMap?shareId=${user.friendCode}` })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/png')
    const metadata = await sharp(first.rawPayload).metadata()
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1200, height: 630 })
    const etag = present(first.headers.etag)
    const notModified = await t.app.inject({
      method: 'GET',
      url: `/api/image/travelMap?shareId=${user.friendCode.toLowerCase()}`,
      headers: { 'if-none-match': etag },
    })
    expect(notModified.statusCode).toBe(304)

    const stored = []
    for await (const key of t.app.blobs.list(`travel-maps/${user.userId}`)) stored.push(key)
    expect(stored).toEqual([`travel-maps/${user.userId}/map-${etag.slice(1, -1)}.png`])

    // A change to the map is a new version: a new picture, and the old one goes.
    await t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId: 'country-br-1', value: true } })
    const second = await t.app.inject({ method: 'GET', url: `/api/image/travelMap?shareId=${user.friendCode}` })
    expect(second.headers.etag).not.toBe(etag)
    const after = []
    for await (const key of t.app.blobs.list(`travel-maps/${user.userId}`)) after.push(key)
    expect(after).toHaveLength(1)
  })

  it('draws a map whose version begins with a sign a file name may not begin with', async () => {
    const user = await t.register()
    const facts = present(await travelShareFacts(t.db, t.app.catalogue, user.friendCode))
    const previews = blobFolder(t.app.blobs, PREVIEW_FOLDER)
    for (const version of ['_uhdASjIEe03r5wF', '-VpyO0Jqdq8Mr-1T']) {
      const picture = await travelMapPreview(t.app.catalogue, previews, { ...facts, version })
      expect((await sharp(picture).metadata()).format).toBe('png')
    }
  })

  it('answers an unknown friend code with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/travelMap?shareId=QQQQQQ' })
    expect(response.statusCode).toBe(404)
  })
})

describe('GET /s/user with travel progress', () => {
  it('shows the figures with their denominators and no private travel data', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, 'pt-lisbon-1')
    await verify(user.userId, 'pt-lisbon')
    await t.call('POST', '/api/travel/setWantToGo', {
      token: user.token,
      body: { cardId: 'country-jp-1', value: true },
    })
    const { body: html } = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${user.friendCode}` })
    const places = (await t.db.selectFrom('card_sets').select('id').execute()).length
    expect(html).toContain(`Places collected</dt><dd>1 of ${places.toLocaleString('en-US')}</dd>`)
    expect(html).toContain('Verified visits</dt><dd>1</dd>')
    expect(html).toMatch(/Great Cities of the World<\/dt><dd>collected 1 of \d+ · been there 1 · verified 1<\/dd>/)
    // The bucket list and the verification's date are the traveller's own.
    expect(html).not.toContain('Japan')
    expect(html).not.toContain('2025-05-01')
  })
})
