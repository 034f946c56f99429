import sharp from 'sharp'

import type { CreateMemoryResult, UploadMemoryPictureResult } from '@shared/memories'
import type { MyMap, PlaceTravel, Progress } from '@shared/travel'
import { pinClock } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { fetchPicture, giveCopy, memoryBody, uploadFile } from '../memories/fixtures'

import { geotaggedJpeg, SPOTS } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
}, 60_000)
afterAll(async () => {
  pinClock(null)
  await t.close()
})

async function upload(user: TestUser, data: Buffer, userCardId?: string): Promise<UploadMemoryPictureResult> {
  const { status, body } = await uploadFile(
    t,
    user.token,
    { data, fileName: 'photo.jpg', contentType: 'image/jpeg' },
    { userCardId },
  )
  expect(status).toBe(200)
  return (body as { data: UploadMemoryPictureResult }).data
}

async function createMemoryWith(user: TestUser, userCardId: string, pictures: string[]): Promise<string> {
  const { status, body } = await t.call<CreateMemoryResult>('POST', '/api/memory/createMemory', {
    token: user.token,
    body: memoryBody(userCardId, { memoryPictures: pictures }),
  })
  expect(status).toBe(200)
  return body.data.memoryId
}

async function verifications(userId: string) {
  return t.db
    .selectFrom('place_verifications')
    .select(['card_set_id', 'taken_on', 'memory_id'])
    .where('user_id', '=', userId)
    .orderBy('card_set_id')
    .execute()
}

async function statusOf(user: TestUser, cardSetId: string) {
  const { body } = await t.call<MyMap>('GET', '/api/travel/getMyMap', { token: user.token })
  return body.data.places.find((place) => place.cardSetId === cardSetId)?.status ?? 'none'
}

describe('a memory picture verifies a visit by its location', () => {
  it('verifies Lisbon from a photo taken in Lisbon, keeps only verdict and date, and stores a picture without GPS', async () => {
    const user = await t.register()
    const userCardId = await giveCopy(t, user.userId, 'pt-lisbon-1')
    const original = await geotaggedJpeg({ position: SPOTS.lisbon, takenAt: '2025:06:03 14:22:10' })
    expect((await sharp(original).metadata()).exif).toBeDefined()

    const picture = await upload(user, original, userCardId)
    expect(picture.visitCheck).toEqual({ verdict: 'inside', placeName: 'Lisbon', takenOn: '2025-06-03' })
    // The upload alone proves nothing yet: the picture belongs to no memory.
    expect(await verifications(user.userId)).toEqual([])

    const row = present(
      await t.db
        .selectFrom('memory_pictures')
        .selectAll()
        .where('file_name', '=', picture.pictureFileName)
        .executeTakeFirst(),
    )
    expect(row).toMatchObject({ visit_card_set_id: 'pt-lisbon', visit_verdict: 'inside', visit_taken_on: '2025-06-03' })
    // No column holds a position: the coordinates are nowhere in the row.
    expect(JSON.stringify(row)).not.toMatch(/38\.7|-9\.1/)

    const stored = await fetchPicture(t, picture.url)
    expect(stored.status).toBe(200)
    const metadata = await sharp(stored.data).metadata()
    expect(metadata.exif).toBeUndefined()

    const memoryId = await createMemoryWith(user, userCardId, [picture.pictureFileName])
    expect(await verifications(user.userId)).toEqual([
      { card_set_id: 'pt-lisbon', taken_on: '2025-06-03', memory_id: memoryId },
    ])
    expect(await statusOf(user, 'pt-lisbon')).toBe('verified')

    const progress = await t.call<Progress>('GET', '/api/collection/getProgress', { token: user.token })
    expect(progress.body.data.total).toMatchObject({ collected: 1, beenThere: 1, verified: 1 })
    const cities = present(progress.body.data.collections.find((c) => c.collectionId === 'great-cities'))
    expect(cities).toMatchObject({ collected: 1, beenThere: 1, verified: 1 })
    const portugal = present(progress.body.data.countries.find((c) => c.countryCode === 'PT'))
    expect(portugal).toMatchObject({ countryName: 'Portugal', collected: 1, beenThere: 1, verified: 1 })

    const travel = await t.call<PlaceTravel>('GET', '/api/travel/getPlaceTravel?cardId=pt-lisbon-3', {
      token: user.token,
    })
    expect(travel.body.data.verification).toMatchObject({ takenOn: '2025-06-03', memoryId })
  })

  it('counts a city by its radius: Sintra is Lisbon, Madrid is not', async () => {
    const user = await t.register()
    const userCardId = await giveCopy(t, user.userId, 'pt-lisbon-2')
    expect((await upload(user, await geotaggedJpeg({ position: SPOTS.sintra }), userCardId)).visitCheck.verdict).toBe(
      'inside',
    )
    const madrid = await upload(user, await geotaggedJpeg({ position: SPOTS.madrid }), userCardId)
    expect(madrid.visitCheck.verdict).toBe('outside')
    await createMemoryWith(user, userCardId, [madrid.pictureFileName])
    expect(await verifications(user.userId)).toEqual([])
    expect(await statusOf(user, 'pt-lisbon')).toBe('collected')
  })

  it('counts a photo on a border for both countries, and one well inside Spain for Spain only', async () => {
    const user = await t.register()
    const portugal = await giveCopy(t, user.userId, 'country-pt-1')
    const spain = await giveCopy(t, user.userId, 'country-es-1')
    const onBorderPt = await upload(user, await geotaggedJpeg({ position: SPOTS.border }), portugal)
    const onBorderEs = await upload(user, await geotaggedJpeg({ position: SPOTS.border }), spain)
    expect([onBorderPt.visitCheck.verdict, onBorderEs.visitCheck.verdict]).toEqual(['inside', 'inside'])
    const salamanca = await upload(user, await geotaggedJpeg({ position: SPOTS.salamanca }), portugal)
    expect(salamanca.visitCheck.verdict).toBe('outside')
    const porto = await upload(user, await geotaggedJpeg({ position: SPOTS.porto }), spain)
    expect(porto.visitCheck.verdict).toBe('outside')

    await createMemoryWith(user, portugal, [onBorderPt.pictureFileName])
    await createMemoryWith(user, spain, [onBorderEs.pictureFileName])
    expect((await verifications(user.userId)).map((row) => row.card_set_id)).toEqual(['country-es', 'country-pt'])
  })

  it('does not verify a picture without a position, nor one dated in the future', async () => {
    pinClock(new Date('2026-11-25T12:00:00Z'))
    try {
      const user = await t.register()
      const userCardId = await giveCopy(t, user.userId, 'pt-lisbon-1')
      const noGps = await upload(user, await geotaggedJpeg({}), userCardId)
      expect(noGps.visitCheck).toEqual({ verdict: 'noLocation', placeName: 'Lisbon', takenOn: '2025-06-03' })
      const forged = await upload(
        user,
        await geotaggedJpeg({ position: SPOTS.lisbon, takenAt: '2027:01:15 10:00:00' }),
        userCardId,
      )
      expect(forged.visitCheck).toEqual({ verdict: 'futureDate', placeName: 'Lisbon', takenOn: '2027-01-15' })
      // Tomorrow is still possible somewhere on Earth.
      const tomorrow = await upload(
        user,
        await geotaggedJpeg({ position: SPOTS.lisbon, takenAt: '2026:11:26 09:00:00' }),
        userCardId,
      )
      expect(tomorrow.visitCheck.verdict).toBe('inside')
      await createMemoryWith(user, userCardId, [noGps.pictureFileName, forged.pictureFileName])
      expect(await verifications(user.userId)).toEqual([])
    } finally {
      pinClock(null)
    }
  })

  it('checks nothing without a copy of the uploader: none named, or someone else’s', async () => {
    const owner = await t.register()
    const stranger = await t.register()
    const ownersCopy = await giveCopy(t, owner.userId, 'pt-lisbon-1')
    const photo = await geotaggedJpeg({ position: SPOTS.lisbon })
    const none = await upload(stranger, photo)
    const notTheirs = await upload(stranger, photo, ownersCopy)
    for (const picture of [none, notTheirs])
      expect(picture.visitCheck).toEqual({ verdict: 'notChecked', placeName: null, takenOn: null })
  })

  it('verifies through an edit too, and only for the memory’s own place', async () => {
    const user = await t.register()
    const lisbon = await giveCopy(t, user.userId, 'pt-lisbon-1')
    const porto = await giveCopy(t, user.userId, 'pt-porto-1')
    const memoryId = await createMemoryWith(user, porto, [])
    // Checked against Lisbon, then put on the Porto memory: it proves nothing about Porto.
    const lisbonPhoto = await upload(user, await geotaggedJpeg({ position: SPOTS.lisbon }), lisbon)
    const update = await t.call('POST', '/api/memory/updateMemory', {
      token: user.token,
      body: {
        memoryId,
        ...memoryBody(porto, { memoryPictures: [lisbonPhoto.pictureFileName] }),
        userCardId: undefined,
      },
    })
    expect(update.status).toBe(200)
    expect(await verifications(user.userId)).toEqual([])

    const portoPhoto = await upload(user, await geotaggedJpeg({ position: SPOTS.porto }), porto)
    await t.call('POST', '/api/memory/updateMemory', {
      token: user.token,
      body: { memoryId, ...memoryBody(porto, { memoryPictures: [portoPhoto.pictureFileName] }), userCardId: undefined },
    })
    expect((await verifications(user.userId)).map((row) => row.card_set_id)).toEqual(['pt-porto'])
  })

  it('lets the traveller remove a verification; a been-there mark stays', async () => {
    const user = await t.register()
    const userCardId = await giveCopy(t, user.userId, 'pt-lisbon-1')
    const photo = await upload(user, await geotaggedJpeg({ position: SPOTS.lisbon }), userCardId)
    const memoryId = await createMemoryWith(user, userCardId, [photo.pictureFileName])
    await t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId: 'pt-lisbon-1', value: true } })
    expect(await statusOf(user, 'pt-lisbon')).toBe('verified')

    const removed = await t.call('POST', '/api/travel/removeVerification', {
      token: user.token,
      body: { cardId: 'pt-lisbon-4' },
    })
    expect(removed.status).toBe(200)
    expect(await verifications(user.userId)).toEqual([])
    expect(await statusOf(user, 'pt-lisbon')).toBe('beenThere')

    // An edit that keeps the same picture does not bring the removed verification back.
    const edit = await t.call('POST', '/api/memory/updateMemory', {
      token: user.token,
      body: {
        memoryId,
        ...memoryBody(userCardId, { memoryPictures: [photo.pictureFileName], memoryContent: 'Trams and tiles.' }),
        userCardId: undefined,
      },
    })
    expect(edit.status).toBe(200)
    expect(await verifications(user.userId)).toEqual([])

    const unknown = await t.call('POST', '/api/travel/removeVerification', {
      token: user.token,
      body: { cardId: 'nowhere-1' },
    })
    expect(unknown.status).toBe(404)
    const visitor = await t.call('POST', '/api/travel/removeVerification', { body: { cardId: 'pt-lisbon-1' } })
    expect(visitor.status).toBe(403)
  })
})
