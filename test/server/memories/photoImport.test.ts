import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { MyCollection, UserCard } from '@shared/collection'
import { MEMORY_PICTURES_MAX, SOUVENIRS_PER_DAY, VISIBILITY } from '@shared/constants'
import type { Memory, PeerUserCards } from '@shared/memories'
import {
  PHOTO_IMPORT_TEXTS,
  type ImportedPhoto,
  type PhotoImport,
  type SaveMemoryDraftResult,
} from '@shared/photoImport'
import { deleteDraftsBefore } from '@server/features/memories/photoImport.queries'
import { memoryPictureStore } from '@server/features/memories/pictures'
import { sweepAbandonedPictures } from '@server/features/memories/pictureSweep'
import { SOUVENIR_STAYS } from '@server/features/memories/switching'
import { matchPlace } from '@server/features/travel/photoPlaces'
import { pinClock } from '@server/lib/clock'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { geotaggedJpeg, SPOTS } from '../travel/helpers'

import { blankPng, giveCopy, makeFriends, uploadFile } from './fixtures'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
}, 60_000)
afterAll(() => t.close())
afterEach(() => pinClock(null))

const PORTO_HEIC = fs.readFileSync(path.join(__dirname, '../../helpers/photos/porto-2025-06-05.heic'))

/** Sends a photo to the import as the phone's picker does: a multipart form with one file. */
async function importFile(user: TestUser, data: Buffer, fileName = 'photo.jpg', app: TestApp = t) {
  const boundary = `----wandercards${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/memory/importPhoto',
    headers: {
      'x-api-key': API_KEY,
      'x-auth-key': user.token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return {
    status: response.statusCode,
    body: response.json<{ data: ImportedPhoto; metadata: { message: string; status: boolean } }>(),
  }
}

async function importPhoto(user: TestUser, data: Buffer, fileName?: string): Promise<ImportedPhoto> {
  const { status, body } = await importFile(user, data, fileName)
  expect({ status, ok: body.metadata.status, message: status === 200 ? '' : body.metadata.message }).toEqual({
    status: 200,
    ok: true,
    message: '',
  })
  return body.data
}

const at = (spot: keyof typeof SPOTS, day: string) =>
  geotaggedJpeg({ position: SPOTS[spot], takenAt: `${day.replaceAll('-', ':')} 12:00:00` })

async function photoImportOf(user: TestUser): Promise<PhotoImport> {
  const { status, body } = await t.call<PhotoImport>('GET', '/api/memory/getPhotoImport', { token: user.token })
  expect(status).toBe(200)
  return body.data
}

function save(user: TestUser, draftId: string, overrides: Record<string, unknown> = {}) {
  return t.call<SaveMemoryDraftResult>('POST', '/api/memory/saveMemoryDraft', {
    token: user.token,
    body: {
      draftId,
      memoryContent: 'Tiles and trams.',
      taggedFriends: [],
      visibility: VISIBILITY.Public,
      ...overrides,
    },
  })
}

describe('matching a photo to a place', () => {
  it('finds the city whose area holds the point, else the region or the country, and nothing at sea', () => {
    const { catalogue } = t.app
    expect(matchPlace(catalogue, [SPOTS.lisbon.longitude, SPOTS.lisbon.latitude])?.cardSetId).toBe('pt-lisbon')
    // Sintra is 25 km out: Lisbon's metropolitan area, still Lisbon.
    expect(matchPlace(catalogue, [SPOTS.sintra.longitude, SPOTS.sintra.latitude])?.cardSetId).toBe('pt-lisbon')
    expect(matchPlace(catalogue, [SPOTS.porto.longitude, SPOTS.porto.latitude])?.cardSetId).toBe('pt-porto')
    // The plains of La Mancha, far from any catalogued city: a region or Spain itself, never a city.
    const mancha = matchPlace(catalogue, [-3.2, 39.4])
    expect(mancha?.kind).not.toBe('city')
    expect(mancha?.countryCode ?? mancha?.cardSetId).toMatch(/es/i)
    expect(matchPlace(catalogue, [-40, 30])).toBeNull()
  })
})

describe('importing photos', () => {
  it('groups a trip into visits: one place, consecutive days, whatever order the photos arrive in', async () => {
    const user = await t.register()
    // Lisbon on the 3rd and 5th first: two visits; the 4th joins them into one.
    await importPhoto(user, await at('lisbon', '2025-06-03'))
    await importPhoto(user, await at('sintra', '2025-06-05'))
    expect((await photoImportOf(user)).drafts).toHaveLength(2)
    await importPhoto(user, await at('lisbon', '2025-06-04'))
    await importPhoto(user, await at('porto', '2025-06-06'))
    await importPhoto(user, await at('lisbon', '2025-06-09'))

    const { drafts, unplaced } = await photoImportOf(user)
    expect(unplaced).toEqual([])
    expect(
      drafts.map((draft) => [
        draft.place.name,
        draft.startDate,
        draft.endDate,
        draft.photos.length,
        draft.photosTakenThere,
      ]),
    ).toEqual([
      ['Lisbon', '2025-06-03', '2025-06-05', 3, 3],
      ['Porto', '2025-06-06', '2025-06-06', 1, 1],
      ['Lisbon', '2025-06-09', '2025-06-09', 1, 1],
    ])
    // The photos are in the order they were taken, and nothing of a position is stored.
    expect(drafts[0]?.photos.map((photo) => photo.takenOn)).toEqual(['2025-06-03', '2025-06-04', '2025-06-05'])
    const columns = Object.keys(
      await t.db.selectFrom('memory_pictures').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow(),
    )
    expect(columns.filter((column) => /lat|lon|position_|gps/i.test(column))).toEqual([])
  })

  it('reads a HEIC photo: decoded, stored as a JPEG without metadata, its date and place read', async () => {
    const user = await t.register()
    const photo = await importPhoto(user, PORTO_HEIC, 'IMG_0042.HEIC')
    expect(photo).toMatchObject({ takenOn: '2025-06-05', place: { cardSetId: 'pt-porto', name: 'Porto' } })
    expect(photo.pictureFileName).toMatch(/\.jpg$/)
    expect([photo.width, photo.height]).toEqual([800, 600])
    const stored = await t.app.inject({ method: 'GET', url: photo.url })
    expect(stored.statusCode).toBe(200)
    const meta = await sharp(stored.rawPayload).metadata()
    expect({ format: meta.format, exif: meta.exif }).toEqual({ format: 'jpeg', exif: undefined })
  })

  it('takes WebP photos too, and refuses what is not a photo with a clear message', async () => {
    const user = await t.register()
    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer()
    const photo = await importPhoto(user, webp, 'beach.webp')
    expect(photo).toMatchObject({ takenOn: null, place: null, draftId: null })
    // A phone's WebP keeps its EXIF in a RIFF chunk of its own, which exifr does not read by itself.
    const geotaggedWebp = await sharp(await at('lisbon', '2025-06-03'))
      .keepExif()
      .webp()
      .toBuffer()
    expect(await importPhoto(user, geotaggedWebp, 'tram.webp')).toMatchObject({
      takenOn: '2025-06-03',
      place: expect.objectContaining({ name: 'Lisbon' }),
    })

    const fakeHeic = await importFile(user, Buffer.from('not really a photo at all'), 'IMG_0001.heic')
    expect({ status: fakeHeic.status, message: fakeHeic.body.metadata.message }).toEqual({
      status: 400,
      message: PHOTO_IMPORT_TEXTS.notAPhoto,
    })
    // A HEIC whose header is right and whose body is cut off.
    const broken = await importFile(user, PORTO_HEIC.subarray(0, 400), 'IMG_0002.heic')
    expect(broken.status).toBe(400)
    expect(broken.body.metadata.message).toMatch(/could not be read/)
    // A JPEG and a WebP whose headers are right and whose bodies are not.
    const jpegHead = (await at('lisbon', '2025-06-03')).subarray(0, 400)
    for (const [data, name] of [
      [Buffer.concat([jpegHead, Buffer.alloc(300, 0x55)]), 'IMG_0003.jpg'],
      [Buffer.concat([webp.subarray(0, 30), Buffer.alloc(300, 0x07)]), 'IMG_0004.webp'],
    ] as const) {
      const corrupt = await importFile(user, data, name)
      expect({ name, status: corrupt.status, message: corrupt.body.metadata.message }).toEqual({
        name,
        status: 400,
        message: 'The photo could not be read. It may be damaged, or not the image its name says.',
      })
    }
    // A decompression bomb: a 400-megapixel PNG in a few kilobytes, refused by its header.
    const refused = await importFile(user, blankPng(20_000), 'bomb.png')
    expect(refused.status).toBe(400)
    expect(refused.body.metadata.message).toMatch(/larger than 50 megapixels/)
    const pending = await t.db
      .selectFrom('memory_pictures')
      .select('file_name')
      .where('user_id', '=', user.userId)
      .execute()
    expect(pending).toHaveLength(2)
  }, 60_000)

  it('treats absurd dates and positions as unknown and leaves those photos to place, suggesting a visit', async () => {
    const user = await t.register()
    const visit = await importPhoto(user, await at('lisbon', '2025-06-03'))
    const nextYear = new Date().getUTCFullYear() + 1
    const old = await importPhoto(user, await geotaggedJpeg({ position: SPOTS.lisbon, takenAt: '1900:01:01 00:00:00' }))
    const future = await importPhoto(
      user,
      await geotaggedJpeg({ position: SPOTS.lisbon, takenAt: `${nextYear}:06:01 10:00:00` }),
    )
    const nullIsland = await importPhoto(
      user,
      await geotaggedJpeg({ position: { latitude: 0, longitude: 0 }, takenAt: '2025:06:04 09:00:00' }),
    )
    const pole = await importPhoto(
      user,
      await geotaggedJpeg({ position: { latitude: 90, longitude: 0 }, takenAt: '2025:06:04 09:00:00' }),
    )
    const southPole = await importPhoto(
      user,
      await geotaggedJpeg({ position: { latitude: -90, longitude: 45 }, takenAt: '2025:06:04 09:00:00' }),
    )

    // 1900 is no date, the place stands; a future date makes the position no proof either.
    expect(old).toMatchObject({ takenOn: null, place: { cardSetId: 'pt-lisbon' }, draftId: null })
    expect(future).toMatchObject({ takenOn: null, place: null, draftId: null })
    expect(nullIsland).toMatchObject({ takenOn: '2025-06-04', place: null, draftId: null })
    expect(pole).toMatchObject({ takenOn: '2025-06-04', place: null, draftId: null })
    expect(southPole).toMatchObject({ takenOn: '2025-06-04', place: null, draftId: null })

    const { drafts, unplaced } = await photoImportOf(user)
    expect(drafts).toHaveLength(1)
    const suggestions = Object.fromEntries(unplaced.map((photo) => [photo.pictureFileName, photo.suggestedDraftId]))
    expect(suggestions).toEqual({
      [old.pictureFileName]: visit.draftId,
      [nullIsland.pictureFileName]: visit.draftId,
      [pole.pictureFileName]: visit.draftId,
      [southPole.pictureFileName]: visit.draftId,
      [future.pictureFileName]: null,
    })
  })
})

describe('editing visits', () => {
  it('moves a photo, changes a place, drops a photo and discards a visit, refusing what is not the caller’s', async () => {
    const user = await t.register()
    const other = await t.register()
    const lisbon = await importPhoto(user, await at('lisbon', '2025-06-03'))
    const porto = await importPhoto(user, await at('porto', '2025-06-06'))
    const loose = await importPhoto(user, await geotaggedJpeg({ takenAt: '2025:06:06 10:00:00' }))
    const lisbonDraft = lisbon.draftId as string
    const portoDraft = porto.draftId as string

    const move = (who: TestUser, pictureFileName: string, draftId: string) =>
      t.call('POST', '/api/memory/moveImportedPhoto', { token: who.token, body: { pictureFileName, draftId } })
    expect((await move(user, loose.pictureFileName, portoDraft)).status).toBe(200)
    expect((await move(other, loose.pictureFileName, portoDraft)).status).toBe(404)
    expect((await move(user, loose.pictureFileName, 'no-such-draft')).body.metadata.message).toBe(
      PHOTO_IMPORT_TEXTS.draftNotFound,
    )

    const changePlace = (draftId: string, cardSetId: string) =>
      t.call('POST', '/api/memory/changeDraftPlace', { token: user.token, body: { draftId, cardSetId } })
    expect((await changePlace(portoDraft, 'no-such-place')).status).toBe(404)
    expect((await changePlace(portoDraft, 'es-madrid')).status).toBe(200)
    let { drafts } = await photoImportOf(user)
    const madrid = drafts.find((draft) => draft.draftId === portoDraft)
    // The photos were taken in Porto: they do not verify Madrid, and without a copy there is nothing to save on.
    expect(madrid).toMatchObject({ place: { name: 'Madrid' }, photosTakenThere: 0, souvenir: false })
    expect(madrid?.blocked).toBe(PHOTO_IMPORT_TEXTS.noCopyNotVerified('Madrid'))

    // Moving Lisbon's only photo out leaves an empty visit, which goes.
    expect((await move(user, lisbon.pictureFileName, portoDraft)).status).toBe(200)
    ;({ drafts } = await photoImportOf(user))
    expect(drafts.map((draft) => draft.draftId)).toEqual([portoDraft])
    expect(lisbonDraft).not.toBe(portoDraft)

    const remove = await t.call('POST', '/api/memory/removeImportedPhoto', {
      token: user.token,
      body: { pictureFileName: loose.pictureFileName },
    })
    expect(remove.status).toBe(200)
    expect((await photoImportOf(user)).drafts[0]?.photos).toHaveLength(2)

    expect(
      (await t.call('POST', '/api/memory/discardMemoryDraft', { token: other.token, body: { draftId: portoDraft } }))
        .status,
    ).toBe(404)
    expect(
      (await t.call('POST', '/api/memory/discardMemoryDraft', { token: user.token, body: { draftId: portoDraft } }))
        .status,
    ).toBe(200)
    expect(await photoImportOf(user)).toEqual({ drafts: [], unplaced: [], souvenirsLeftToday: SOUVENIRS_PER_DAY })
    expect(
      await t.db.selectFrom('memory_pictures').select('file_name').where('user_id', '=', user.userId).execute(),
    ).toEqual([])
  })
})

describe('placing a photo by hand', () => {
  const start = (user: TestUser, pictureFileName: string, cardSetId: string) =>
    t.call<{ draftId: string }>('POST', '/api/memory/startVisitFromPhoto', {
      token: user.token,
      body: { pictureFileName, cardSetId },
    })

  it('starts a visit of the chosen place with a photo that says no place, which it does not verify', async () => {
    const user = await t.register()
    const noPlace = await importPhoto(
      user,
      await geotaggedJpeg({ position: { latitude: 0, longitude: 0 }, takenAt: '2025:06:04 09:00:00' }),
    )
    const started = await start(user, noPlace.pictureFileName, 'pt-porto')
    expect(started.status).toBe(200)
    const { drafts, unplaced } = await photoImportOf(user)
    expect(unplaced).toEqual([])
    expect(drafts).toEqual([
      expect.objectContaining({
        draftId: started.body.data.draftId,
        place: expect.objectContaining({ name: 'Porto' }),
        startDate: '2025-06-04',
        photosTakenThere: 0,
        // Placed by hand, the photo proves no visit: no souvenir without a card of Porto.
        souvenir: false,
        blocked: PHOTO_IMPORT_TEXTS.noCopyNotVerified('Porto'),
      }),
    ])

    // A photo taken in one visit's place, given a visit of its own elsewhere: the first visit, left empty, goes.
    const lisbon = await importPhoto(user, await at('lisbon', '2025-06-10'))
    const moved = await start(user, lisbon.pictureFileName, 'es-madrid')
    expect(moved.status).toBe(200)
    expect((await photoImportOf(user)).drafts.map((draft) => draft.place.name).sort()).toEqual(['Madrid', 'Porto'])
  })

  it('refuses an unknown place, and a photo that is not the caller’s, changing nothing', async () => {
    const user = await t.register()
    const other = await t.register()
    const photo = await importPhoto(user, await at('lisbon', '2025-06-03'))
    const unknownPlace = await start(user, photo.pictureFileName, 'no-such-place')
    expect({ status: unknownPlace.status, message: unknownPlace.body.metadata.message }).toEqual({
      status: 404,
      message: 'Place not found.',
    })
    const notTheirs = await start(other, photo.pictureFileName, 'pt-porto')
    expect({ status: notTheirs.status, message: notTheirs.body.metadata.message }).toEqual({
      status: 404,
      message: PHOTO_IMPORT_TEXTS.photoNotFound,
    })
    expect((await photoImportOf(user)).drafts).toEqual([
      expect.objectContaining({ draftId: photo.draftId, place: expect.objectContaining({ name: 'Lisbon' }) }),
    ])
    expect((await photoImportOf(other)).drafts).toEqual([])
  })
})

describe('saving a visit', () => {
  it('writes the memory on the rarest free copy, with the photos’ dates and pictures, and verifies the visit', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, 'pt-lisbon-1')
    const rare = await giveCopy(t, user.userId, 'pt-lisbon-3')
    await importPhoto(user, await at('lisbon', '2025-06-03'))
    await importPhoto(user, await at('lisbon', '2025-06-04'))
    const [draft] = (await photoImportOf(user)).drafts
    expect(draft).toMatchObject({ copy: { userCardId: rare, cardRarity: 3 }, souvenir: false, blocked: null })

    const saved = await save(user, draft?.draftId as string)
    expect(saved.body.metadata.message).toBe('')
    expect(saved.body.data).toEqual({ memoryId: expect.any(String), userCardId: rare, souvenir: false })
    const memory = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${saved.body.data.memoryId}`, {
      token: user.token,
    })
    expect(memory.body.data).toMatchObject({
      memoryStartDate: '2025-06-03',
      memoryEndDate: '2025-06-04',
      memoryContent: 'Tiles and trams.',
      visibility: VISIBILITY.Public,
    })
    expect(memory.body.data.pictures).toHaveLength(2)
    const verification = await t.db
      .selectFrom('place_verifications')
      .select(['card_set_id', 'taken_on'])
      .where('user_id', '=', user.userId)
      .execute()
    expect(verification).toEqual([{ card_set_id: 'pt-lisbon', taken_on: '2025-06-03' }])
    expect(await photoImportOf(user)).toMatchObject({ drafts: [], unplaced: [] })
  })

  it('earns a Souvenir copy where no copy is free: not recyclable, not giftable, listed as a souvenir', async () => {
    const user = await t.register()
    await importPhoto(user, PORTO_HEIC, 'IMG_0042.HEIC')
    const [draft] = (await photoImportOf(user)).drafts
    expect(draft).toMatchObject({ copy: null, souvenir: true, blocked: null })

    const saved = await save(user, draft?.draftId as string)
    expect(saved.body.data.souvenir).toBe(true)
    const souvenirId = saved.body.data.userCardId
    const copy = await t.db.selectFrom('user_cards').selectAll().where('id', '=', souvenirId).executeTakeFirstOrThrow()
    expect(copy).toMatchObject({ card_id: 'pt-porto-1', acquisition: 'souvenir', souvenir_day: '2025-06-05' })
    // Not a purchase: no credit moved and no draw was recorded.
    expect(
      await t.db.selectFrom('draw_transactions').select('id').where('user_id', '=', user.userId).execute(),
    ).toEqual([])

    const collection = await t.call<MyCollection>('GET', '/api/getMyCollection', { token: user.token })
    const entry = collection.body.data.find((card) => card.cardId === 'pt-porto-1')
    expect(entry?.mine).toEqual([expect.objectContaining({ userCardId: souvenirId, souvenir: true, hasMemory: true })])
    const page = await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${souvenirId}`, { token: user.token })
    expect(page.body.data).toMatchObject({ souvenir: true, giftable: false, products: 'Souvenir of a verified visit' })

    const peers = await t.call<PeerUserCards>('GET', '/api/getPeerUserCards?cardId=pt-porto-1', { token: user.token })
    expect(peers.body.data).toEqual([expect.objectContaining({ userCardId: souvenirId, souvenir: true })])

    // Even without its memory (switched to a copy bought later), a souvenir is never recycled or given.
    const bought = await giveCopy(t, user.userId, 'pt-porto-1')
    const switched = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId: saved.body.data.memoryId, userCardId: souvenirId, newUserCardId: bought },
    })
    expect(switched.status).toBe(200)
    const recycle = await t.call('POST', '/api/recycleUserCard', {
      token: user.token,
      body: { userCardId: souvenirId },
    })
    expect({ status: recycle.status, message: recycle.body.metadata.message }).toEqual({
      status: 422,
      message: 'A Souvenir copy cannot be recycled: it is worth no credit.',
    })
    const friend = await t.register()
    await makeFriends(t, user, friend)
    const gift = await t.call('POST', '/api/giftUserCard', {
      token: user.token,
      body: { userCardId: souvenirId, friendUserId: friend.userId },
    })
    expect(gift.body.metadata.message).toBe(
      'A Souvenir copy cannot be given: it stays with the traveller whose visit earned it.',
    )
  })

  it('promises a free copy to one visit only: the next visit of that place earns a souvenir instead', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, 'pt-lisbon-1')
    await importPhoto(user, await at('lisbon', '2025-06-03'))
    await importPhoto(user, await at('lisbon', '2025-06-20'))
    const [first, second] = (await photoImportOf(user)).drafts
    expect(first).toMatchObject({ copy: expect.objectContaining({ cardId: 'pt-lisbon-1' }), souvenir: false })
    expect(second).toMatchObject({ copy: null, souvenir: true, blocked: null })

    // Saved in the order shown (as Save all does), each does what it said.
    expect((await save(user, first?.draftId as string)).body.data).toMatchObject({ souvenir: false })
    expect((await save(user, second?.draftId as string)).body.data).toMatchObject({ souvenir: true })
  })

  it('saves a visit once when two tabs save it at once: one memory, one souvenir', async () => {
    const user = await t.register()
    await importPhoto(user, await at('porto', '2025-06-05'))
    const [draft] = (await photoImportOf(user)).drafts
    const results = await Promise.all([save(user, draft?.draftId as string), save(user, draft?.draftId as string)])
    expect(results.map((result) => result.status).sort()).toEqual([200, 404])
    expect(results.find((result) => result.status === 404)?.body.metadata.message).toBe(
      PHOTO_IMPORT_TEXTS.draftNotFound,
    )
    const souvenirs = await t.db.selectFrom('user_cards').select('id').where('user_id', '=', user.userId).execute()
    expect(souvenirs).toHaveLength(1)
    const memories = await t.db
      .selectFrom('memories')
      .select(['id', 'user_card_id'])
      .where('user_id', '=', user.userId)
      .execute()
    expect(memories).toHaveLength(1)

    // A souvenir's memory is never transferred to another place: the souvenir would become a card of anywhere.
    const transfer = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId: memories[0]?.id, userCardId: memories[0]?.user_card_id, newCardSetId: 'es-madrid' },
    })
    expect({ status: transfer.status, message: transfer.body.metadata.message }).toEqual({
      status: 422,
      message: SOUVENIR_STAYS,
    })
  })

  it('holds the daily souvenir cap when parallel saves race for it', async () => {
    const user = await t.register()
    // One visit more than the cap, each a day apart in its own place so each would earn its own souvenir.
    const spots = ['lisbon', 'porto', 'madrid', 'salamanca', 'lisbon', 'porto'] as const
    for (const [index, spot] of spots.entries())
      await importPhoto(user, await at(spot, `2025-07-${String(10 + index * 3).padStart(2, '0')}`))
    const { drafts } = await photoImportOf(user)
    expect(drafts).toHaveLength(SOUVENIRS_PER_DAY + 1)
    // The screen promises only the souvenirs the cap allows, in the order the visits are shown.
    expect(drafts.map((draft) => draft.souvenir)).toEqual([...Array<boolean>(SOUVENIRS_PER_DAY).fill(true), false])
    expect(drafts.at(-1)?.blocked).toBe(PHOTO_IMPORT_TEXTS.souvenirCapReached)
    const results = await Promise.all(drafts.map((draft) => save(user, draft.draftId)))
    expect(results.filter((result) => result.status === 200)).toHaveLength(SOUVENIRS_PER_DAY)
    const refused = results.filter((result) => result.status !== 200)
    expect(refused.map((result) => result.body.metadata.message)).toEqual([PHOTO_IMPORT_TEXTS.souvenirCapReached])
    const copies = await t.db.selectFrom('user_cards').select('id').where('user_id', '=', user.userId).execute()
    expect(copies).toHaveLength(SOUVENIRS_PER_DAY)
    expect((await photoImportOf(user)).souvenirsLeftToday).toBe(0)
  })

  it('earns one souvenir per place and visit day, and refuses a visit of more pictures than a memory holds', async () => {
    const user = await t.register()
    await importPhoto(user, await at('madrid', '2025-08-01'))
    const [first] = (await photoImportOf(user)).drafts
    expect((await save(user, first?.draftId as string)).status).toBe(200)
    // The same day again (photos imported after the first visit was saved): the souvenir of that day exists.
    await importPhoto(user, await at('madrid', '2025-08-01'))
    const [again] = (await photoImportOf(user)).drafts
    expect(again?.blocked).toBe(PHOTO_IMPORT_TEXTS.souvenirAlreadyEarned('Madrid'))
    const refused = await save(user, again?.draftId as string)
    expect({ status: refused.status, message: refused.body.metadata.message }).toEqual({
      status: 422,
      message: PHOTO_IMPORT_TEXTS.souvenirAlreadyEarned('Madrid'),
    })

    const many = await t.register()
    for (let index = 0; index <= MEMORY_PICTURES_MAX; index += 1)
      await importPhoto(many, await at('porto', '2025-09-01'))
    const [big] = (await photoImportOf(many)).drafts
    expect(big?.blocked).toBe(PHOTO_IMPORT_TEXTS.tooManyPhotos(MEMORY_PICTURES_MAX + 1))
    expect((await save(many, big?.draftId as string)).status).toBe(422)
  }, 60_000)
})

describe('keeping drafts', () => {
  it('keeps a visit and its photos past a day, and removes both after 30 days', async () => {
    const user = await t.register()
    const blobs = memoryPictureStore(t.app.blobs)
    const photo = await importPhoto(user, await at('lisbon', '2025-06-03'))
    const loose = await importPhoto(user, await geotaggedJpeg({}))
    const day = 24 * 60 * 60 * 1000
    const sweepAt = async (daysLater: number) => {
      const at = new Date(Date.now() + daysLater * day)
      await deleteDraftsBefore(t.db, new Date(at.getTime() - 30 * day).toISOString())
      return sweepAbandonedPictures(t.db, blobs, new Date(at.getTime() - day))
    }
    await sweepAt(2)
    expect((await photoImportOf(user)).drafts).toHaveLength(1)
    expect((await photoImportOf(user)).unplaced).toHaveLength(1)
    await sweepAt(31)
    expect(await photoImportOf(user)).toMatchObject({ drafts: [], unplaced: [] })
    expect(await blobs.get(photo.pictureFileName)).toBeNull()
    expect(await blobs.get(loose.pictureFileName)).toBeNull()
  })
})

describe('the waiting-photo quotas', () => {
  let small: TestApp
  beforeAll(async () => {
    small = await buildTestApp({ env: { PHOTO_IMPORT_PHOTOS_MAX: '2', PENDING_PICTURES_MAX: '1' } })
  }, 60_000)
  afterAll(() => small.close())

  it('refuses the photo past the flow’s quota with what to do, keeps nothing of it, and leaves the memory form its own', async () => {
    const user = await small.register()
    const send = (data: Buffer) => importFile(user, data, 'photo.jpg', small)
    expect((await send(await at('lisbon', '2025-06-03'))).status).toBe(200)
    expect((await send(await at('porto', '2025-06-05'))).status).toBe(200)
    const refused = await send(await at('madrid', '2025-06-07'))
    expect({ status: refused.status, message: refused.body.metadata.message }).toEqual({
      status: 422,
      message: PHOTO_IMPORT_TEXTS.waitingFull(2, 1000),
    })
    const rows = await small.db
      .selectFrom('memory_pictures')
      .select('file_name')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toHaveLength(2)

    // A trip's photos waiting in visits never block the memory form's pictures, which have their own quota.
    const formPicture = { data: await at('lisbon', '2025-06-03'), fileName: 'tram.jpg', contentType: 'image/jpeg' }
    expect((await uploadFile(small, user.token, formPicture)).status).toBe(200)
    expect((await uploadFile(small, user.token, formPicture)).status).toBe(422)
    expect((await send(await at('madrid', '2025-06-07'))).status).toBe(422)
  })
})
