import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import { ART_VERSION } from '@shared/artVersion'
import type { Card, CardCollection, CollectionCard, PlaceSearchResult } from '@shared/catalogue'
import { present } from '@test/helpers/present'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

// Rendering art and seeding the catalogue are slow on a busy two-core machine.
jest.setTimeout(120_000)

let t: TestApp
let traveller: TestUser

async function giveCopy(userId: string, cardId: string, id: string): Promise<void> {
  await t.db
    .insertInto('user_cards')
    .values({
      id,
      user_id: userId,
      card_id: cardId,
      acquisition: 'pick',
      transaction_id: null,
      created_at: new Date().toISOString(),
    })
    .execute()
}

async function addMemory(userId: string, userCardId: string): Promise<void> {
  const now = new Date().toISOString()
  await t.db
    .insertInto('memories')
    .values({
      id: `memory-${userCardId}`,
      user_id: userId,
      user_card_id: userCardId,
      start_date: null,
      end_date: null,
      content: 'Trams and custard tarts.',
      visibility: 3,
      created_at: now,
      updated_at: now,
    })
    .execute()
}

beforeAll(async () => {
  t = await buildTestApp()
  traveller = await t.register()
  await giveCopy(traveller.userId, 'pt-lisbon-3', 'copy-lisbon-rare-a')
  await giveCopy(traveller.userId, 'pt-lisbon-3', 'copy-lisbon-rare-b')
  await giveCopy(traveller.userId, 'pt-lisbon-5', 'copy-lisbon-legendary')
  await addMemory(traveller.userId, 'copy-lisbon-rare-b')
}, 120_000)

afterAll(async () => {
  await t.close()
})

describe('GET /api/getCardCollections', () => {
  it('lists every collection with its card count and counts per rarity from 5 down to 1', async () => {
    const { status, body } = await t.call<CardCollection[]>('GET', '/api/getCardCollections', {
      token: traveller.token,
    })
    expect(status).toBe(200)
    expect(body.data.length).toBeGreaterThanOrEqual(6)
    const europe = present(
      body.data.find((c) => c.collectionId === 'europe'),
      'Europe',
    )
    expect(europe).toMatchObject({ collectionName: 'Europe', cardCount: 53 * 5 })
    expect(europe.collectionDescription.length).toBeGreaterThan(20)
    expect(europe.rarityStats).toEqual([5, 4, 3, 2, 1].map((cardRarity) => ({ cardRarity, cardCount: 53 })))
    // At least 2,000 places, five cards each, listed by group: the cities first, then regions, then continents.
    expect(body.data.reduce((sum, c) => sum + c.cardCount, 0)).toBeGreaterThanOrEqual(2000 * 5)
    expect([...new Set(body.data.map((c) => c.collectionGroup))]).toEqual(['cities', 'regions', 'continents'])
    expect(body.data[0]?.collectionId).toBe('great-cities')
    expect(body.data.find((c) => c.collectionId === 'regions-ca')).toMatchObject({
      collectionGroup: 'regions',
      collectionName: 'Provinces and Territories of Canada',
      cardCount: 13 * 5,
    })
  })

  it('answers a client that already holds the list with 304 and no body, for each authorized state', async () => {
    const fetchList = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/getCardCollections', headers: { 'x-api-key': API_KEY, ...headers } })
    const first = await fetchList({ 'x-auth-key': traveller.token })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toMatch(/private/)
    const etag = String(first.headers.etag)
    const again = await fetchList({ 'x-auth-key': traveller.token, 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // A visitor's answer says authorized: false, so it is another entity.
    const visitor = await fetchList({ 'if-none-match': etag })
    expect(visitor.statusCode).toBe(200)
    expect(visitor.json().metadata.authorized).toBe(false)
    expect(visitor.headers.etag).not.toBe(etag)
  })
})

describe('GET /api/getCardsOfCollection', () => {
  it('lists one card per place at the asked rarity, with the caller’s copies counted', async () => {
    const { status, body } = await t.call<CollectionCard[]>(
      'GET',
      '/api/getCardsOfCollection?collectionId=great-cities&rarity=3',
      {
        token: traveller.token,
      },
    )
    expect(status).toBe(200)
    expect(body.data).toHaveLength(125)
    expect(new Set(body.data.map((card) => card.cardRarity))).toEqual(new Set([3]))
    expect(body.data.find((card) => card.cardId === 'pt-lisbon-3')).toMatchObject({
      cardName: 'Lisbon',
      image: 'pt-lisbon-3',
      collectionName: 'Great Cities of the World',
      owned: 2,
    })
    expect(body.data.find((card) => card.cardId === 'jp-kyoto-3')?.owned).toBe(0)
  })

  it('answers 404 for an unknown collection and 400 for a rarity outside 1 to 5', async () => {
    expect(
      (await t.call('GET', '/api/getCardsOfCollection?collectionId=atlantis&rarity=1', { token: traveller.token }))
        .status,
    ).toBe(404)
    expect(
      (await t.call('GET', '/api/getCardsOfCollection?collectionId=europe&rarity=6', { token: traveller.token }))
        .status,
    ).toBe(400)
  })
})

describe('GET /api/getCard', () => {
  it('returns the card with the caller’s copies, their memories and the copies of other rarities', async () => {
    const { status, body } = await t.call<Card>('GET', '/api/getCard?cardId=pt-lisbon-3', { token: traveller.token })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      cardId: 'pt-lisbon-3',
      cardSetId: 'pt-lisbon',
      cardName: 'Lisbon',
      cardRarity: 3,
      cardKind: 'city',
      image: 'pt-lisbon-3',
      owned: 2,
      collectionName: 'Great Cities of the World',
      collectionId: 'great-cities',
      beenThere: false,
      timeZone: 'Europe/Lisbon',
    })
    expect(body.data.cardDescription).toContain('Lisbon')
    expect(body.data.mine.map((copy) => [copy.userCardId, copy.hasMemory]).sort()).toEqual([
      ['copy-lisbon-rare-a', false],
      ['copy-lisbon-rare-b', true],
    ])
    expect(body.data.otherRarity).toEqual([
      expect.objectContaining({
        userCardId: 'copy-lisbon-legendary',
        cardId: 'pt-lisbon-5',
        cardRarity: 5,
        hasMemory: false,
      }),
    ])
  })

  it('shows another user none of the traveller’s copies', async () => {
    const other = await t.register()
    const { body } = await t.call<Card>('GET', '/api/getCard?cardId=pt-lisbon-3', { token: other.token })
    expect(body.data).toMatchObject({ owned: 0, mine: [], otherRarity: [], beenThere: false })
  })

  it('answers 404 for an unknown card', async () => {
    expect((await t.call('GET', '/api/getCard?cardId=nowhere-1', { token: traveller.token })).status).toBe(404)
  })
})

describe('GET /api/searchPlaces', () => {
  const search = (query: string, token?: string) =>
    t.call<PlaceSearchResult[]>('GET', `/api/searchPlaces?query=${encodeURIComponent(query)}`, token ? { token } : {})

  it('finds places by name without regard to case or accents, the name itself first, for anyone', async () => {
    const { status, body } = await search('SAO PAULO')
    expect(status).toBe(200)
    expect(
      body.data
        .slice(0, 2)
        .map((place) => place.cardSetId)
        .sort(),
    ).toEqual(['br-sao-paulo', 'region-br-sp'])
    expect(body.data.find((place) => place.cardSetId === 'region-br-sp')).toEqual({
      cardSetId: 'region-br-sp',
      cardId: 'region-br-sp-5',
      placeName: 'São Paulo',
      placeKind: 'state',
      countryName: 'Brazil',
      collectionId: 'regions-br',
      collectionName: 'States of Brazil',
    })
    const ontario = await search('ontario', traveller.token)
    expect(ontario.body.data[0]).toMatchObject({ cardSetId: 'region-ca-on', countryName: 'Canada' })
    const japan = await search('Japan')
    expect(japan.body.data[0]).toMatchObject({ cardSetId: 'country-jp', countryName: null, placeKind: 'country' })
  })

  it('puts names that start with the query before names with a word that does, and those before the rest', async () => {
    const { body } = await search('york', traveller.token)
    const names = body.data.map((place) => place.placeName.toLowerCase())
    expect(names).toContain('new york')
    const rank = (name: string) =>
      name === 'york'
        ? 0
        : name.startsWith('york')
          ? 1
          : name.split(/[^\p{L}]+/u).some((word) => word.startsWith('york'))
            ? 2
            : 3
    const ranks = names.map(rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(ranks.every((r) => r < 3)).toBe(true)
  })

  it('answers at most the asked number of places, and nothing for a name no place has', async () => {
    expect((await t.call<PlaceSearchResult[]>('GET', '/api/searchPlaces?query=an&limit=5')).body.data).toHaveLength(5)
    expect((await t.call<PlaceSearchResult[]>('GET', '/api/searchPlaces?query=an')).body.data).toHaveLength(20)
    expect((await search('Atlantis')).body.data).toEqual([])
  })

  it('refuses an empty or overlong query and a limit outside 1 to 50', async () => {
    expect((await t.call('GET', '/api/searchPlaces?query=')).status).toBe(400)
    expect((await t.call('GET', `/api/searchPlaces?query=${'a'.repeat(61)}`)).status).toBe(400)
    expect((await t.call('GET', '/api/searchPlaces?query=lyon&limit=51')).status).toBe(400)
    expect((await t.call('GET', '/api/searchPlaces')).status).toBe(400)
  })
})

describe('POST /api/setBeenThere', () => {
  it('marks and unmarks the place for the caller, across its rarities', async () => {
    const marked = await t.call('POST', '/api/setBeenThere', {
      token: traveller.token,
      body: { cardId: 'jp-kyoto-1', value: true },
    })
    expect(marked.status).toBe(200)
    const again = await t.call('POST', '/api/setBeenThere', {
      token: traveller.token,
      body: { cardId: 'jp-kyoto-4', value: true },
    })
    expect(again.status).toBe(200)
    expect(
      (await t.call<Card>('GET', '/api/getCard?cardId=jp-kyoto-5', { token: traveller.token })).body.data.beenThere,
    ).toBe(true)
    const rows = await t.db.selectFrom('been_there').selectAll().where('user_id', '=', traveller.userId).execute()
    expect(rows.map((row) => row.card_set_id)).toEqual(['jp-kyoto'])

    await t.call('POST', '/api/setBeenThere', { token: traveller.token, body: { cardId: 'jp-kyoto-2', value: false } })
    expect(
      (await t.call<Card>('GET', '/api/getCard?cardId=jp-kyoto-1', { token: traveller.token })).body.data.beenThere,
    ).toBe(false)
  })

  it('needs a logged-in user and a known card', async () => {
    expect((await t.call('POST', '/api/setBeenThere', { body: { cardId: 'jp-kyoto-1', value: true } })).status).toBe(
      403,
    )
    expect(
      (
        await t.call('POST', '/api/setBeenThere', {
          token: traveller.token,
          body: { cardId: 'nowhere-1', value: true },
        })
      ).status,
    ).toBe(404)
  })
})

describe('GET /api/image/*', () => {
  async function image(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers })
  }

  it('serves card art in both sizes without an api key, cached with an ETag', async () => {
    const small = await image('/api/image/card?imageId=pt-lisbon-5')
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-type']).toBe('image/webp')
    expect(small.headers['cache-control']).toMatch(/max-age=\d{6,}/)
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 250, height: 350 })
    const large = await image('/api/image/card?imageId=pt-lisbon-5&lg=1')
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 750, height: 1050 })
    expect(large.headers.etag).not.toBe(small.headers.etag)

    const notModified = await image('/api/image/card?imageId=pt-lisbon-5', {
      'if-none-match': String(small.headers.etag),
    })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.rawPayload.length).toBe(0)
  })

  it('sends a picture asked at the current version as kept for good, and any other as revalidated', async () => {
    const forGood = 'public, max-age=31536000, immutable'
    for (const url of [
      `/api/image/card?imageId=pt-lisbon-5&v=${ART_VERSION}`,
      `/api/image/card?imageId=pt-lisbon-5&lg=1&v=${ART_VERSION}`,
      `/api/image/collection?collectionId=europe&v=${ART_VERSION}`,
      `/api/image/avatar?avatarId=3&v=${ART_VERSION}`,
    ]) {
      const answer = await image(url)
      expect({ url, status: answer.statusCode, cacheControl: answer.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cacheControl: forGood,
      })
    }
    const current = await image(`/api/image/card?imageId=pt-lisbon-5&v=${ART_VERSION}`)
    const unversioned = await image('/api/image/card?imageId=pt-lisbon-5')
    const older = await image('/api/image/card?imageId=pt-lisbon-5&v=1.1')
    // The same picture at every address; only how long it may be kept differs.
    expect(unversioned.rawPayload.equals(current.rawPayload)).toBe(true)
    expect(unversioned.headers.etag).toBe(current.headers.etag)
    for (const answer of [unversioned, older]) expect(answer.headers['cache-control']).not.toContain('immutable')
    const revalidated = await image(`/api/image/card?imageId=pt-lisbon-5&v=${ART_VERSION}`, {
      'if-none-match': String(current.headers.etag),
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['cache-control']).toBe(forGood)
  })

  it('serves the placeholder for an empty or unknown image id', async () => {
    const empty = await image('/api/image/card?imageId=')
    const unknown = await image('/api/image/card?imageId=nowhere-1')
    expect(empty.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(empty.headers.etag).toBe(unknown.headers.etag)
    expect(await sharp(empty.rawPayload).metadata()).toMatchObject({ width: 250, height: 350 })
  })

  it('never reads a file outside the art cache for an id that climbs out of it', async () => {
    // What the disk cache would read for each id: a card key gets the size appended, a collection key does not.
    for (const file of ['secret-sm.webp', 'secret.webp'])
      fs.writeFileSync(path.join(t.config.dataDir, file), 'not for anyone')
    const escape = encodeURIComponent('x/../../../secret')
    const collection = await image(`/api/image/collection?collectionId=${escape}`)
    const card = await image(`/api/image/card?imageId=${escape}`)
    expect(collection.statusCode).toBe(404)
    expect(collection.rawPayload.toString()).not.toContain('not for anyone')
    expect(card.rawPayload.toString()).not.toContain('not for anyone')
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 250, height: 350 })
  })

  it('serves collection images, avatars 1 to 40 and the page icon', async () => {
    const collection = await image('/api/image/collection?collectionId=europe')
    expect(collection.statusCode).toBe(200)
    expect(await sharp(collection.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 500 })
    expect((await image('/api/image/collection?collectionId=atlantis')).statusCode).toBe(404)

    for (const avatarId of [1, 40]) {
      const avatar = await image(`/api/image/avatar?avatarId=${avatarId}`)
      expect(avatar.statusCode).toBe(200)
      expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })
    }
    expect((await image('/api/image/avatar?avatarId=41')).statusCode).toBe(404)

    const icon = await image('/api/image/icon.png')
    expect(icon.headers['content-type']).toBe('image/png')
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 })
    // The header's logo and the browser tab ask for the small one: a few kilobytes instead of the 512 px icon's 30.
    const small = await image('/api/image/icon.png?size=96')
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'png', width: 96, height: 96 })
    expect(small.rawPayload.length).toBeLessThan(icon.rawPayload.length / 4)
    expect(small.headers.etag).not.toBe(icon.headers.etag)
  })

  it('refuses an icon size it does not make, in the envelope', async () => {
    const answer = await image('/api/image/icon.png?size=97')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ metadata: { status: false, errorCode: expect.any(String) as string } })
  })
})
