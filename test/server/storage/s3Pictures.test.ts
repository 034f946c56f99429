import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { UploadMemoryPictureResult } from '@shared/memories'
import { ART_FOLDER, ART_KEYS, ART_VERSION_FOLDER } from '@server/features/catalogue/art'
import { artWarmupItems, warmItems, WARMUP_RARITY } from '@server/features/catalogue/warmup'
import { memoryPictureStore, PICTURE_VARIANT_WIDTHS, variantKey } from '@server/features/memories/pictures'
import {
  ABANDONED_PICTURE_AGE_MS,
  sweepAbandonedPictures,
  sweepOrphanedPictureFiles,
} from '@server/features/memories/pictureSweep'
import { blobFolder } from '@server/lib/blobStore'
import { present } from '@test/helpers/present'
import { startTestS3, type TestS3 } from '@test/helpers/s3'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { cardsOfRarity, fetchPicture, uploadFile } from '../memories/fixtures'

jest.setTimeout(60_000)

// Two instances behind one load balancer: one database, one bucket, one signing secret, each its own DATA_DIR.
let s3: TestS3
let first: TestApp
let second: TestApp
beforeAll(async () => {
  s3 = await startTestS3()
  const env = { ...s3.env, MEDIA_SIGNING_SECRET: 'the same secret shared by both instances of the site' }
  first = await buildTestApp({ env })
  second = await buildTestApp({ env, joining: first })
})
afterAll(async () => {
  await second.close()
  await first.close()
  await s3.close()
})

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer()
}

describe('memory pictures with BLOB_STORE=s3', () => {
  it('are uploaded through one instance and shown by the other, with nothing on either disk', async () => {
    const user = await first.register()
    const { status, body } = await uploadFile(first, user.token, {
      data: await picture(),
      fileName: 'beach.png',
      contentType: 'image/png',
    })
    expect(status).toBe(200)
    const upload = body.data as UploadMemoryPictureResult

    const shown = await fetchPicture(second, upload.url)

    expect(shown.status).toBe(200)
    expect(shown.headers['content-type']).toBe('image/png')
    expect(await sharp(shown.data).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 })
    const tile = await fetchPicture(second, present(upload.variants[0], 'the tile copy').url)
    expect(tile.status).toBe(200)
    expect(await sharp(tile.data).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 })
    for (const instance of [first, second])
      expect(fs.existsSync(path.join(instance.config.dataDir, 'blobs'))).toBe(false)
  })

  it('are still checked for visibility: another user cannot use the link', async () => {
    const owner = await first.register()
    const stranger = await second.register()
    const { body } = await uploadFile(first, owner.token, {
      data: await picture(),
      fileName: 'a.png',
      contentType: 'image/png',
    })
    const { url } = body.data as UploadMemoryPictureResult
    const forged = url.replace(`u=${owner.userId}`, `u=${stranger.userId}`)

    expect((await fetchPicture(second, forged)).status).toBe(404)
  })

  it('are swept from the bucket by either instance', async () => {
    const user = await first.register()
    const { body } = await uploadFile(first, user.token, {
      data: await picture(),
      fileName: 'old.png',
      contentType: 'image/png',
    })
    const upload = body.data as UploadMemoryPictureResult
    await first.db
      .updateTable('memory_pictures')
      .set({ created_at: new Date(Date.now() - 2 * ABANDONED_PICTURE_AGE_MS).toISOString() })
      .where('file_name', '=', upload.pictureFileName)
      .execute()

    const store = memoryPictureStore(first.app.blobs)
    const keys = [upload.pictureFileName, ...PICTURE_VARIANT_WIDTHS.map((w) => variantKey(upload.pictureFileName, w))]
    expect(await store.get(variantKey(upload.pictureFileName, 480))).not.toBeNull()

    const cutOff = new Date(Date.now() - ABANDONED_PICTURE_AGE_MS)
    expect(await sweepAbandonedPictures(second.db, memoryPictureStore(second.app.blobs), cutOff)).toBe(1)

    expect(await Promise.all(keys.map((key) => store.get(key)))).toEqual(keys.map(() => null))
  })
})

describe('files without a picture row with BLOB_STORE=s3', () => {
  it('are swept from the bucket, and every file of a picture with a row stays', async () => {
    const user = await first.register()
    const upload = async () => {
      const { body } = await uploadFile(first, user.token, {
        data: await picture(),
        fileName: 'a.png',
        contentType: 'image/png',
      })
      return (body.data as UploadMemoryPictureResult).pictureFileName
    }
    const kept = await upload()
    const orphan = await upload()
    await first.db.deleteFrom('memory_pictures').where('file_name', '=', orphan).execute()
    const store = memoryPictureStore(first.app.blobs)
    const filesOf = (fileName: string) => [fileName, variantKey(fileName, 480)]
    expect(await store.get(variantKey(orphan, 480))).not.toBeNull()

    // A cut-off ahead of now makes every stored file old enough; the bucket's own LastModified decides.
    const swept = await sweepOrphanedPictureFiles(
      second.db,
      memoryPictureStore(second.app.blobs),
      new Date(Date.now() + 60_000),
    )

    expect(swept).toBeGreaterThanOrEqual(2)
    expect(await Promise.all(filesOf(orphan).map((key) => store.get(key)))).toEqual([null, null])
    for (const key of filesOf(kept)) expect(await store.get(key)).not.toBeNull()
  })
})

describe('card art with BLOB_STORE=s3', () => {
  it('is rendered by one instance, kept under the catalogue version, card and size, and not rendered again by the other', async () => {
    // A Legendary card: the rarity the warm-up renders ahead.
    const [cardId] = await cardsOfRarity(first, WARMUP_RARITY, 1)
    const response = await first.app.inject({ method: 'GET', url: `/api/image/card?imageId=${cardId}` })
    expect(response.statusCode).toBe(200)
    const stored: string[] = []
    for await (const key of blobFolder(second.app.blobs, ART_FOLDER).list(ART_VERSION_FOLDER)) stored.push(key)
    expect(stored).toContain(`${ART_VERSION_FOLDER}/${ART_KEYS.card(cardId, 'sm')}.webp`)

    const item = present(
      (await artWarmupItems(second.db)).find((candidate) => candidate.imageKey === ART_KEYS.card(cardId, 'sm')),
      'the card in the warm-up list',
    )
    const silent = { info: () => undefined, warn: () => undefined }
    const summary = await warmItems(
      { db: second.db, store: blobFolder(second.app.blobs, ART_FOLDER), keepInMemory: false },
      [item],
      silent,
    )

    expect(summary).toMatchObject({ rendered: 0, skipped: 1 })
  })
})
