import sharp from 'sharp'

import { buildTestApp, type TestApp } from '@test/helpers/server'

import { uploadFile } from './fixtures'

const MEMORY_PICTURES = 'memory-pictures'

// Picture processing on a busy machine can take seconds.
jest.setTimeout(60_000)

const QUOTA_MESSAGE =
  'You have 3 pictures or 1 MB waiting to be added to a memory. Save your memory first; pictures left unused are removed after a day.'

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 80, b: 160 } } })
    .png()
    .toBuffer()
}

describe('POST /api/memory/uploadMemoryPicture pending quota', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { PENDING_PICTURES_MAX: '3', PENDING_PICTURE_MEGABYTES_MAX: '1' } })
  }, 60_000)
  afterAll(() => t.close())

  async function storedFiles(): Promise<string[]> {
    const keys: string[] = []
    for await (const key of t.app.blobs.list(MEMORY_PICTURES)) keys.push(key.slice(MEMORY_PICTURES.length + 1))
    return keys
  }

  const pendingOf = (userId: string) =>
    t.db.selectFrom('memory_pictures').select('file_name').where('user_id', '=', userId).execute()

  it('refuses uploads beyond the count of unattached pictures, with a clear message, and stores nothing', async () => {
    const user = await t.register()
    for (let index = 0; index < 3; index += 1) {
      const { status } = await uploadFile(t, user.token, {
        data: await png(index),
        fileName: 'trip.png',
        contentType: 'image/png',
      })
      expect(status).toBe(200)
    }
    const refused = await uploadFile(t, user.token, {
      data: await png(9),
      fileName: 'trip.png',
      contentType: 'image/png',
    })
    expect(refused.status).toBe(422)
    expect(refused.body.metadata.message).toBe(QUOTA_MESSAGE)
    expect(await pendingOf(user.userId)).toHaveLength(3)

    // Another traveller has their own quota.
    const other = await t.register()
    const { status } = await uploadFile(t, other.token, {
      data: await png(1),
      fileName: 'a.png',
      contentType: 'image/png',
    })
    expect(status).toBe(200)
  })

  it('holds the count when uploads arrive together: exactly the quota is kept, files included', async () => {
    const user = await t.register()
    const pictures = await Promise.all(Array.from({ length: 8 }, (_, index) => png(20 + index)))
    const filesBefore = await storedFiles()
    const answers = await Promise.all(
      pictures.map((data) => uploadFile(t, user.token, { data, fileName: 'burst.png', contentType: 'image/png' })),
    )
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 200, 200, 422, 422, 422, 422, 422])
    for (const refused of answers.filter(({ status }) => status === 422))
      expect(refused.body.metadata.message).toBe(QUOTA_MESSAGE)
    const kept = await pendingOf(user.userId)
    expect(kept).toHaveLength(3)
    // A refused upload leaves no file behind: every new file is a kept picture or one of its copies.
    const keptNames = kept.map(({ file_name }) => file_name.replace(/\.[a-z]+$/, ''))
    const newFiles = (await storedFiles()).filter((key) => !filesBefore.includes(key))
    expect(newFiles.filter((key) => !keptNames.some((name) => key.startsWith(name)))).toEqual([])
    expect(keptNames.every((name) => newFiles.some((key) => key.startsWith(name)))).toBe(true)
  })

  it('refuses an upload that would pass the bytes allowed', async () => {
    const user = await t.register()
    const noisy = await sharp(Buffer.from(Array.from({ length: 700 * 700 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 700, height: 700, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noisy.length).toBeGreaterThan(1024 * 1024)
    const refused = await uploadFile(t, user.token, { data: noisy, fileName: 'big.png', contentType: 'image/png' })
    expect(refused.status).toBe(422)
    expect(refused.body.metadata.message).toBe(QUOTA_MESSAGE)
    expect(await pendingOf(user.userId)).toHaveLength(0)
  })
})
