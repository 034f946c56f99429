import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { Envelope, Metadata } from '@shared/envelope'
import type { Memory, MemoryPicture, UploadMemoryPictureResult } from '@shared/memories'
import { ABANDONED_PICTURE_AGE_MS, sweepAbandonedPictures } from '@server/features/memories/pictureSweep'
import { LocalFolderBlobStore } from '@server/lib/blobStore'
import { pinClock } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, fetchPicture, uploadFile } from './fixtures'

let t: TestApp
let cardId: string
let folder: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 1, 1)
  folder = path.join(t.config.dataDir, 'blobs', 'memory-pictures')
}, 60_000)
afterAll(() => t.close())
afterEach(() => pinClock(null))

/** A camera-sized photo with grain, so its encoded size is like a real one rather than a flat colour's. */
async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#4a7ab0', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer()
}

async function upload(user: TestUser, data: Buffer): Promise<UploadMemoryPictureResult> {
  const { status, body } = await uploadFile(t, user.token, { data, fileName: 'trip.jpg', contentType: 'image/jpeg' })
  if (status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  return body.data as UploadMemoryPictureResult
}

function variantUrl(picture: MemoryPicture, width: number): string {
  return present(
    picture.variants.find((variant) => variant.width === width),
    `the ${width} px copy`,
  ).url
}

function withParam(url: string, name: string, value: string | null): string {
  const changed = new URL(url, 'http://x')
  if (value === null) changed.searchParams.delete(name)
  else changed.searchParams.set(name, value)
  return changed.pathname + changed.search
}

function filesOf(fileName: string): string[] {
  const id = fileName.replace(/\.[a-z]+$/, '')
  return fs
    .readdirSync(folder)
    .filter((file) => file.startsWith(`${id}.`))
    .sort()
}

function metadataOf(data: Buffer): Metadata {
  return (JSON.parse(data.toString('utf8')) as Envelope<null>).metadata
}

function maxAgeOf(cacheControl: unknown): number {
  const match = /^private, max-age=(\d+)$/.exec(String(cacheControl))
  if (!match?.[1]) throw new Error(`unexpected Cache-Control: ${String(cacheControl)}`)
  return Number(match[1])
}

const NOT_FOUND = { status: false, errorCode: 'NotFound', message: 'Picture not found.' }

describe('memory picture copies for tiles', () => {
  it('are made at upload as WebP 480 and 960 px wide and served through their signed links', async () => {
    const user = await t.register()
    const picture = await upload(user, await photo(2048, 1536))

    expect(picture.variants.map((variant) => variant.width)).toEqual([480, 960])
    expect(filesOf(picture.pictureFileName)).toEqual(
      [
        picture.pictureFileName,
        ...['w480', 'w960'].map((w) => picture.pictureFileName.replace('.jpg', `.${w}.webp`)),
      ].sort(),
    )
    // A link's max-age counts down by the second; held still, the copies' must equal the original's.
    pinClock(new Date())
    const original = await fetchPicture(t, picture.url)
    for (const [width, height] of [
      [480, 360],
      [960, 720],
    ] as const) {
      const served = await fetchPicture(t, variantUrl(picture, width))
      expect(served.status).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      // Cached as long as the original: until the link's signature expires (read a moment later, so within a second).
      expect(maxAgeOf(served.headers['cache-control'])).toBeCloseTo(maxAgeOf(original.headers['cache-control']), -1)
      expect(await sharp(served.data).metadata()).toMatchObject({ format: 'webp', width, height })
      expect(served.data.length).toBeLessThan(original.data.length)
    }
  })

  it('are never wider than the original: a narrow picture has one copy at its own width', async () => {
    const user = await t.register()
    const picture = await upload(user, await photo(300, 200))

    expect(picture.variants.map((variant) => variant.width)).toEqual([300])
    const served = await fetchPicture(t, present(picture.variants[0], 'the one copy').url)
    expect(await sharp(served.data).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 })
  })

  it('are listed in a memory for each viewer, signed for that viewer, and follow the memory’s visibility', async () => {
    const author = await t.register()
    const reader = await t.register()
    const picture = await upload(author, await photo(1200, 900))
    const memoryId = await createMemory(t, author, cardId, { memoryPictures: [picture.pictureFileName], visibility: 3 })

    const seen = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: reader.token })
    const shown = present(seen.body.data.pictures[0], 'the picture the reader sees')
    expect(shown.variants.map((variant) => variant.width)).toEqual([480, 960])
    const readerUrl = variantUrl(shown, 480)
    expect(readerUrl).toContain(`u=${reader.userId}`)
    expect((await fetchPicture(t, readerUrl)).status).toBe(200)

    await t.call('POST', '/api/memory/updateVisibility', { token: author.token, body: { memoryId, visibility: 1 } })
    expect((await fetchPicture(t, readerUrl)).status).toBe(404)
  })

  it('need their own signature: a link cannot be turned into another size, another viewer or the original', async () => {
    const user = await t.register()
    const other = await t.register()
    const picture = await upload(user, await photo(2048, 1536))
    const small = variantUrl(picture, 480)

    const forgeries = [
      withParam(small, 'w', '960'),
      withParam(small, 'w', null),
      withParam(picture.url, 'w', '480'),
      withParam(small, 'u', other.userId),
      withParam(small, 'sig', `${present(new URL(small, 'http://x').searchParams.get('sig'), 'sig').slice(0, -2)}AA`),
      withParam(small, 'exp', String(Math.floor(Date.now() / 1000) - 10)),
    ]
    for (const forged of forgeries) {
      const answer = await fetchPicture(t, forged)
      expect(answer.status).toBe(404)
      expect(metadataOf(answer.data)).toMatchObject(NOT_FOUND)
    }
  })

  it('answer a width no picture is kept at with 400 naming the widths', async () => {
    const user = await t.register()
    const picture = await upload(user, await photo(2048, 1536))

    for (const width of ['500', '2048', '0']) {
      const answer = await fetchPicture(t, withParam(variantUrl(picture, 480), 'w', width))
      expect(answer.status).toBe(400)
      expect(metadataOf(answer.data)).toMatchObject({
        status: false,
        errorCode: 'BadRequest',
        message: 'w must be one of 480, 960: the widths pictures are kept at.',
      })
    }
    expect((await fetchPicture(t, withParam(variantUrl(picture, 480), 'w', 'wide'))).status).toBe(400)
  })

  it('answer 404 in the envelope for a picture that does not exist, even with a genuine signature', async () => {
    const user = await t.register()
    const answer = await fetchPicture(t, t.app.pictureSigner.url('0000000000000000.jpg', user.userId, 480))

    expect(answer.status).toBe(404)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(metadataOf(answer.data)).toMatchObject(NOT_FOUND)
  })

  it('are made on first request for a picture uploaded before copies existed, and kept', async () => {
    const user = await t.register()
    const picture = await upload(user, await photo(2048, 1536))
    const smallFile = picture.pictureFileName.replace('.jpg', '.w480.webp')
    fs.rmSync(path.join(folder, smallFile))
    fs.rmSync(path.join(folder, picture.pictureFileName.replace('.jpg', '.w960.webp')))

    const served = await fetchPicture(t, variantUrl(picture, 480))

    expect(served.status).toBe(200)
    expect(await sharp(served.data).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 })
    expect(fs.readFileSync(path.join(folder, smallFile))).toEqual(served.data)
    expect(filesOf(picture.pictureFileName)).toEqual([picture.pictureFileName, smallFile].sort())
  })

  it('go with the original when updateMemory takes the picture off', async () => {
    const user = await t.register()
    const picture = await upload(user, await photo(2048, 1536))
    const memoryId = await createMemory(t, user, cardId, { memoryPictures: [picture.pictureFileName] })
    expect(filesOf(picture.pictureFileName)).toHaveLength(3)

    const { status } = await t.call('POST', '/api/memory/updateMemory', {
      token: user.token,
      body: {
        memoryId,
        memoryStartDate: '2026-06-01',
        memoryEndDate: '2026-06-14',
        memoryContent: 'No pictures after all.',
        memoryPictures: [],
        taggedFriends: [],
        visibility: 3,
      },
    })

    expect(status).toBe(200)
    expect(filesOf(picture.pictureFileName)).toEqual([])
  })

  it('go with the original when an abandoned upload is swept', async () => {
    const user = await t.register()
    const picture = await upload(user, await photo(2048, 1536))
    await t.db
      .updateTable('memory_pictures')
      .set({ created_at: new Date(Date.now() - 2 * ABANDONED_PICTURE_AGE_MS).toISOString() })
      .where('file_name', '=', picture.pictureFileName)
      .execute()

    await sweepAbandonedPictures(
      t.db,
      new LocalFolderBlobStore(folder),
      new Date(Date.now() - ABANDONED_PICTURE_AGE_MS),
    )

    expect(filesOf(picture.pictureFileName)).toEqual([])
  })
})
