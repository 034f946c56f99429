import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { Envelope } from '@shared/envelope'
import type { UploadMemoryPictureResult } from '@shared/memories'
import { uploadMemoryPicture } from '@server/features/memories/pictureUploads'
import { BlobStoreUnavailable, LocalFolderBlobStore, STORE_UNAVAILABLE, type BlobStore } from '@server/lib/blobStore'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { uploadFile } from './fixtures'

let t: TestApp
let folder: string
let blobs: LocalFolderBlobStore
/** 1200 px wide, so it is stored with both tile copies beside it. */
let photo: Buffer
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  folder = path.join(t.config.dataDir, 'blobs', 'memory-pictures')
  blobs = new LocalFolderBlobStore(folder)
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer()
}, 60_000)
afterAll(() => t.close())

function storedFiles(): string[] {
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []
}

async function picturesOf(user: TestUser): Promise<string[]> {
  const rows = await t.db.selectFrom('memory_pictures').select('file_name').where('user_id', '=', user.userId).execute()
  return rows.map((row) => row.file_name)
}

/** An ENOSPC as the file system reports it, which the local store passes on as the store being unavailable. */
function diskFull(): BlobStoreUnavailable {
  return new BlobStoreUnavailable(
    Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' }),
  )
}

function upload(user: TestUser, store: BlobStore) {
  return uploadMemoryPicture(
    t.db,
    t.app.catalogue,
    store,
    t.app.pictureSigner,
    user.userId,
    { file: photo },
    t.config.pendingPictures,
  )
}

describe('uploading a picture when the blob folder cannot be written', () => {
  it('answers 503 Unavailable in the envelope, stores no row and no file, and works again once it can', async () => {
    const user = await t.register()
    fs.rmSync(folder, { recursive: true, force: true })
    fs.mkdirSync(path.dirname(folder), { recursive: true })
    // The pictures' folder is a file: nothing can be written inside it, by any user, root included.
    fs.writeFileSync(folder, 'not a folder')
    try {
      const { status, body } = await uploadFile(t, user.token, {
        data: photo,
        fileName: 'harbour.jpg',
        contentType: 'image/jpeg',
      })

      expect(status).toBe(503)
      expect(body).toMatchObject({
        metadata: { status: false, errorCode: 'Unavailable', message: STORE_UNAVAILABLE, authorized: true },
        data: null,
      })
      expect((body as Envelope<null>).metadata.requestId).toEqual(expect.any(String))
      expect(await picturesOf(user)).toEqual([])
      expect(t.loggedErrors.join('\n')).toMatch(/EEXIST|ENOTDIR/)
    } finally {
      fs.rmSync(folder, { force: true })
    }

    const again = await uploadFile(t, user.token, { data: photo, fileName: 'harbour.jpg', contentType: 'image/jpeg' })
    expect(again.status).toBe(200)
    expect(await picturesOf(user)).toEqual([(again.body.data as UploadMemoryPictureResult).pictureFileName])
  })
})

describe('a picture whose files or row cannot all be written', () => {
  it('keeps none of its files when the original fails after its copies were written', async () => {
    const user = await t.register()
    const before = storedFiles()
    let copiesWritten = 0
    const fillsUpOnTheOriginal: BlobStore = Object.assign(Object.create(blobs) as BlobStore, {
      put: async (key: string, data: Buffer) => {
        if (key.endsWith('.webp')) {
          await blobs.put(key, data)
          copiesWritten += 1
          return
        }
        // The original's write is the one that meets the full disk, after both copies made it.
        while (copiesWritten < 2) await new Promise((resolve) => setTimeout(resolve, 5))
        throw diskFull()
      },
    })

    await expect(upload(user, fillsUpOnTheOriginal)).rejects.toBeInstanceOf(BlobStoreUnavailable)

    expect(copiesWritten).toBe(2)
    expect(storedFiles()).toEqual(before)
    expect(await picturesOf(user)).toEqual([])
  })

  it('keeps none of its files when its row cannot be written (the account was deleted meanwhile)', async () => {
    const user = await t.register()
    const before = storedFiles()
    const deletesTheAccountOnceStored: BlobStore = Object.assign(Object.create(blobs) as BlobStore, {
      put: async (key: string, data: Buffer) => {
        await blobs.put(key, data)
        if (!key.endsWith('.webp')) await t.db.deleteFrom('users').where('id', '=', user.userId).execute()
      },
    })

    // The driver's error may come from another test file's realm, where `toThrow` does not see an Error.
    const outcome = await upload(user, deletesTheAccountOnceStored).then(
      (stored) => `stored as ${stored.pictureFileName}`,
      () => 'refused',
    )

    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.userId).executeTakeFirst()).toBeUndefined()
    expect(outcome).toBe('refused')
    expect(storedFiles()).toEqual(before)
    expect(await picturesOf(user)).toEqual([])
  })
})
