import sharp from 'sharp'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'
import type { Memory, UploadMemoryPictureResult } from '@shared/memories'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { blankPng, cardsOfRarity, createMemory, fetchPicture, uploadFile } from './fixtures'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 1, 1)
}, 60_000)
afterAll(() => t.close())

/** GPS IFD pointer (tag 0x8825) in a little-endian TIFF/EXIF block. */
const GPS_POINTER = Buffer.from([0x25, 0x88])

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    })
    .toBuffer()
}

async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 100, b: 50, alpha: 0.5 } } })
    .png()
    .toBuffer()
}

describe('POST /api/memory/uploadMemoryPicture', () => {
  it('re-encodes a JPEG: GPS and other EXIF are gone, the orientation is applied and it fits 2048 px', async () => {
    const user = await t.register()
    const original = await jpegWithGps()
    const originalMeta = await sharp(original).metadata()
    expect(originalMeta.exif?.includes(GPS_POINTER)).toBe(true)

    const { status, body } = await uploadFile(t, user.token, {
      data: original,
      fileName: 'holiday.jpg',
      contentType: 'image/jpeg',
    })
    expect(status).toBe(200)
    const result = body.data as UploadMemoryPictureResult
    expect(result.pictureFileName).toMatch(/\.jpg$/)
    expect({ width: result.width, height: result.height }).toEqual({ width: 683, height: 2048 })

    const stored = await fetchPicture(t, result.url)
    expect(stored.status).toBe(200)
    expect(stored.headers['content-type']).toBe('image/jpeg')
    const storedMeta = await sharp(stored.data).metadata()
    expect(storedMeta.format).toBe('jpeg')
    expect(storedMeta.exif).toBeUndefined()
    expect(storedMeta.xmp).toBeUndefined()
    expect(stored.data.includes(Buffer.from('TestCam'))).toBe(false)

    const row = await t.db
      .selectFrom('memory_pictures')
      .selectAll()
      .where('file_name', '=', result.pictureFileName)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ user_id: user.userId, memory_id: null, width: 683, height: 2048 })
  })

  it('keeps a PNG a PNG', async () => {
    const user = await t.register()
    const { status, body } = await uploadFile(t, user.token, {
      data: await smallPng(),
      fileName: 'pin.png',
      contentType: 'image/png',
    })
    expect(status).toBe(200)
    expect((body.data as UploadMemoryPictureResult).pictureFileName).toMatch(/\.png$/)
  })

  it('judges the type by content: a JPEG named .png is accepted as JPEG', async () => {
    const user = await t.register()
    const { status, body } = await uploadFile(t, user.token, {
      data: await jpegWithGps(),
      fileName: 'photo.png',
      contentType: 'image/png',
    })
    expect(status).toBe(200)
    expect((body.data as UploadMemoryPictureResult).pictureFileName).toMatch(/\.jpg$/)
  })

  it('returns 400 for a text file renamed to .png', async () => {
    const user = await t.register()
    const { status, body } = await uploadFile(t, user.token, {
      data: Buffer.from('<script>alert(1)</script>'.repeat(20)),
      fileName: 'evil.png',
      contentType: 'image/png',
    })
    expect(status).toBe(400)
    expect(body.metadata.message).toBe('The picture must be a PNG or JPEG image.')
    expect(
      await t.db.selectFrom('memory_pictures').select('file_name').where('user_id', '=', user.userId).execute(),
    ).toHaveLength(0)
  })

  it('returns 400 for a GIF and for a truncated PNG', async () => {
    const user = await t.register()
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    expect((await uploadFile(t, user.token, { data: gif, fileName: 'a.png', contentType: 'image/png' })).status).toBe(
      400,
    )
    const png = await smallPng()
    expect(
      (await uploadFile(t, user.token, { data: png.subarray(0, 40), fileName: 'b.png', contentType: 'image/png' }))
        .status,
    ).toBe(400)
  })

  it(`returns 400 for a file over ${MEMORY_PICTURE_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const user = await t.register()
    const big = Buffer.concat([await smallPng(), Buffer.alloc(MEMORY_PICTURE_MAX_BYTES + 1024)])
    const { status, body } = await uploadFile(t, user.token, {
      data: big,
      fileName: 'huge.png',
      contentType: 'image/png',
    })
    expect(status).toBe(400)
    expect(body.metadata.message).toMatch(/larger than 10 MB/)
  })

  it('refuses a picture of 400 megapixels with the pixel limit, not as unreadable, and stores nothing', async () => {
    const user = await t.register()
    const huge = blankPng(20_000)
    expect(huge.length).toBeLessThan(MEMORY_PICTURE_MAX_BYTES)

    const { status, body } = await uploadFile(t, user.token, {
      data: huge,
      fileName: 'wall.png',
      contentType: 'image/png',
    })

    expect(status).toBe(400)
    expect(body.metadata).toMatchObject({
      status: false,
      errorCode: 'BadRequest',
      message: 'The picture is larger than 50 megapixels. Please choose a smaller PNG or JPEG image.',
    })
    const rows = await t.db
      .selectFrom('memory_pictures')
      .select('file_name')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toEqual([])
  })

  it('returns 403 for a visitor', async () => {
    const { status } = await uploadFile(t, undefined, {
      data: await smallPng(),
      fileName: 'pin.png',
      contentType: 'image/png',
    })
    expect(status).toBe(403)
  })
})

describe('GET /api/image/memoryPicture', () => {
  it('serves an unattached upload to its uploader only', async () => {
    const user = await t.register()
    const other = await t.register()
    const { body } = await uploadFile(t, user.token, {
      data: await smallPng(),
      fileName: 'pin.png',
      contentType: 'image/png',
    })
    const upload = body.data as UploadMemoryPictureResult
    expect((await fetchPicture(t, upload.url)).status).toBe(200)
    // A link made out to another viewer needs a signature the server never gave.
    const forged = upload.url.replace(`u=${user.userId}`, `u=${other.userId}`)
    expect((await fetchPicture(t, forged)).status).toBe(404)
  })

  it('refuses a tampered or expired link', async () => {
    const user = await t.register()
    const { body } = await uploadFile(t, user.token, {
      data: await smallPng(),
      fileName: 'pin.png',
      contentType: 'image/png',
    })
    const url = new URL((body.data as UploadMemoryPictureResult).url, 'http://x')
    const tampered = new URL(url)
    tampered.searchParams.set('sig', `${present(url.searchParams.get('sig'), 'the signature').slice(0, -2)}AA`)
    expect((await fetchPicture(t, tampered.pathname + tampered.search)).status).toBe(404)
    const expired = new URL(url)
    expired.searchParams.set('exp', String(Math.floor(Date.now() / 1000) - 10))
    expect((await fetchPicture(t, expired.pathname + expired.search)).status).toBe(404)
  })

  it('stops serving a picture as soon as its memory turns private', async () => {
    const author = await t.register()
    const reader = await t.register()
    const { body } = await uploadFile(t, author.token, {
      data: await smallPng(),
      fileName: 'pin.png',
      contentType: 'image/png',
    })
    const upload = body.data as UploadMemoryPictureResult
    const memoryId = await createMemory(t, author, cardId, { memoryPictures: [upload.pictureFileName], visibility: 3 })
    const seen = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: reader.token })
    const readerUrl = present(seen.body.data.pictures[0], 'the picture the reader sees').url
    expect((await fetchPicture(t, readerUrl)).status).toBe(200)
    await t.call('POST', '/api/memory/updateVisibility', { token: author.token, body: { memoryId, visibility: 1 } })
    expect((await fetchPicture(t, readerUrl)).status).toBe(404)
  })

  it('refuses a picture already attached to another memory', async () => {
    const author = await t.register()
    const { body } = await uploadFile(t, author.token, {
      data: await smallPng(),
      fileName: 'pin.png',
      contentType: 'image/png',
    })
    const fileName = (body.data as UploadMemoryPictureResult).pictureFileName
    await createMemory(t, author, cardId, { memoryPictures: [fileName] })
    await expect(createMemory(t, author, cardId, { memoryPictures: [fileName] })).rejects.toThrow(
      /not found among your uploads/,
    )
  })
})
