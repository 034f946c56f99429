import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { CreateMemoryResult, Memory, UploadMemoryPictureResult } from '@shared/memories'
import { loadConfig } from '@server/config'
import { variantKey } from '@server/features/memories/pictures'
import {
  ABANDONED_PICTURE_AGE_MS,
  sweepAbandonedPictures,
  sweepOrphanedPictureFiles,
} from '@server/features/memories/pictureSweep'
import { LocalFolderBlobStore, type BlobStore } from '@server/lib/blobStore'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, fetchPicture, giveCopy, memoryBody, uploadFile } from './fixtures'

let t: TestApp
let cardId: string
let folder: string
let blobs: LocalFolderBlobStore
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 1, 1)
  folder = path.join(t.config.dataDir, 'blobs', 'memory-pictures')
  blobs = new LocalFolderBlobStore(folder)
}, 60_000)
afterAll(() => t.close())

const DAY_MS = 24 * 60 * 60 * 1000

function cutOff(): Date {
  return new Date(Date.now() - ABANDONED_PICTURE_AGE_MS)
}

async function upload(user: TestUser): Promise<string> {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
  const { status, body } = await uploadFile(t, user.token, { data, fileName: 'trip.png', contentType: 'image/png' })
  if (status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  return (body.data as UploadMemoryPictureResult).pictureFileName
}

async function age(fileName: string, days: number): Promise<void> {
  await t.db
    .updateTable('memory_pictures')
    .set({ created_at: new Date(Date.now() - days * DAY_MS).toISOString() })
    .where('file_name', '=', fileName)
    .execute()
}

async function rowOf(fileName: string) {
  return t.db
    .selectFrom('memory_pictures')
    .select(['file_name', 'memory_id'])
    .where('file_name', '=', fileName)
    .executeTakeFirst()
}

function fileExists(fileName: string): boolean {
  return fs.existsSync(path.join(folder, fileName))
}

describe('sweepAbandonedPictures', () => {
  it('deletes the row and the file of an unattached picture older than the cut-off', async () => {
    const user = await t.register()
    const fileName = await upload(user)
    await age(fileName, 2)
    expect(fileExists(fileName)).toBe(true)

    expect(await sweepAbandonedPictures(t.db, blobs, cutOff())).toBe(1)

    expect(await rowOf(fileName)).toBeUndefined()
    expect(fileExists(fileName)).toBe(false)
  })

  it('keeps an unattached picture uploaded after the cut-off', async () => {
    const user = await t.register()
    const fileName = await upload(user)

    await sweepAbandonedPictures(t.db, blobs, cutOff())

    expect(await rowOf(fileName)).toEqual({ file_name: fileName, memory_id: null })
    expect(fileExists(fileName)).toBe(true)
  })

  it('keeps an old picture that is attached to a memory', async () => {
    const user = await t.register()
    const fileName = await upload(user)
    const memoryId = await createMemory(t, user, cardId, { memoryPictures: [fileName] })
    await age(fileName, 30)

    await sweepAbandonedPictures(t.db, blobs, cutOff())

    expect(await rowOf(fileName)).toEqual({ file_name: fileName, memory_id: memoryId })
    expect(fileExists(fileName)).toBe(true)
  })

  it('deletes the row when the file is already gone', async () => {
    const user = await t.register()
    const fileName = await upload(user)
    await age(fileName, 2)
    fs.rmSync(path.join(folder, fileName))

    expect(await sweepAbandonedPictures(t.db, blobs, cutOff())).toBe(1)

    expect(await rowOf(fileName)).toBeUndefined()
  })

  it('never loses a picture attached after the sweep listed it', async () => {
    const user = await t.register()
    const first = await upload(user)
    const second = await upload(user)
    await age(first, 3)
    await age(second, 2)
    // The sweep lists both, oldest first; while it removes the first file, createMemory attaches the second.
    let memoryId: string | null = null
    const attachingStore: BlobStore = Object.assign(Object.create(blobs) as BlobStore, {
      delete: async (key: string) => {
        if (key === first) memoryId = await createMemory(t, user, cardId, { memoryPictures: [second] })
        await blobs.delete(key)
      },
    })

    expect(await sweepAbandonedPictures(t.db, attachingStore, cutOff())).toBe(1)

    expect(memoryId).not.toBeNull()
    expect(await rowOf(first)).toBeUndefined()
    expect(fileExists(first)).toBe(false)
    expect(await rowOf(second)).toEqual({ file_name: second, memory_id: memoryId })
    const { body } = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: user.token })
    expect(body.data.pictures.map((picture) => picture.pictureFileName)).toEqual([second])
    expect((await fetchPicture(t, present(body.data.pictures[0], 'the kept picture').url)).status).toBe(200)
  })

  it('leaves every picture a concurrent createMemory attached with its row and file', async () => {
    const user = await t.register()
    const fileNames: string[] = []
    for (let i = 0; i < 6; i += 1) fileNames.push(await upload(user))
    for (const fileName of fileNames) await age(fileName, 2)
    const attempts = await Promise.all(
      fileNames.map(async (fileName) => ({ fileName, copy: await giveCopy(t, user.userId, cardId) })),
    )

    const [, ...creations] = await Promise.all([
      sweepAbandonedPictures(t.db, blobs, cutOff()),
      ...attempts.map(async ({ fileName, copy }) => ({
        fileName,
        creation: await t.call<CreateMemoryResult>('POST', '/api/memory/createMemory', {
          token: user.token,
          body: memoryBody(copy, { memoryPictures: [fileName] }),
        }),
      })),
    ])

    for (const { fileName, creation } of creations) {
      const row = await rowOf(fileName)
      // Either the memory won (picture attached, file kept) or the sweep won (createMemory refused the picture).
      if (creation.status === 200) {
        expect(row).toEqual({ file_name: fileName, memory_id: creation.body.data.memoryId })
        expect(fileExists(fileName)).toBe(true)
      } else {
        expect(creation.status).toBe(400)
        expect(row).toBeUndefined()
        expect(fileExists(fileName)).toBe(false)
      }
    }
  })
})

describe('sweepOrphanedPictureFiles', () => {
  function backdate(fileName: string, days: number): void {
    const when = new Date(Date.now() - days * DAY_MS)
    fs.utimesSync(path.join(folder, fileName), when, when)
  }

  /** The files an upload stores, left without their row, as a process stopped between the two leaves them. */
  async function filesWithoutRow(user: TestUser): Promise<string[]> {
    const fileName = await upload(user)
    await t.db.deleteFrom('memory_pictures').where('file_name', '=', fileName).execute()
    return [fileName, variantKey(fileName, 480), variantKey(fileName, 960)].filter(fileExists)
  }

  it('deletes the files a day old that no picture row keeps, and what an unfinished write left', async () => {
    const user = await t.register()
    const orphans = await filesWithoutRow(user)
    expect(orphans.length).toBeGreaterThan(0)
    const leftover = `${orphans[0] ?? ''}.4242-0a0b0c0d.partial`
    fs.writeFileSync(path.join(folder, leftover), 'half a pict')
    for (const fileName of [...orphans, leftover]) backdate(fileName, 2)

    expect(await sweepOrphanedPictureFiles(t.db, blobs, cutOff())).toBe(orphans.length + 1)

    for (const fileName of [...orphans, leftover]) expect(fileExists(fileName)).toBe(false)
  })

  it('keeps the files of every picture that has a row, attached or not, and any file younger than a day', async () => {
    const user = await t.register()
    const waiting = await upload(user)
    const attached = await upload(user)
    await createMemory(t, user, cardId, { memoryPictures: [attached] })
    const fresh = await filesWithoutRow(user)
    const kept = [waiting, attached].flatMap((fileName) =>
      [fileName, variantKey(fileName, 480), variantKey(fileName, 960)].filter(fileExists),
    )
    for (const fileName of kept) backdate(fileName, 30)

    await sweepOrphanedPictureFiles(t.db, blobs, cutOff())

    for (const fileName of [...kept, ...fresh]) expect(fileExists(fileName)).toBe(true)
    expect(await rowOf(waiting)).toEqual({ file_name: waiting, memory_id: null })
  })
})

describe('PICTURE_SWEEP', () => {
  it('is on unless set to off', () => {
    expect(loadConfig({}).pictureSweep).toBe(true)
    expect(loadConfig({ PICTURE_SWEEP: 'off' }).pictureSweep).toBe(false)
  })
})
