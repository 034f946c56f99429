import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import { AVATAR_COUNT } from '@shared/constants'
import { ART_FOLDER, ART_VERSION_FOLDER, artBlobKey, type ArtContext } from '@server/features/catalogue/art'
import {
  artWarmupItems,
  type ArtWarmupItem,
  warmArtCache,
  warmItems,
  WARMUP_RARITY,
} from '@server/features/catalogue/warmup'
import { blobFolder, LocalFolderBlobStore } from '@server/lib/blobStore'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

jest.setTimeout(60_000)

function collectingLog() {
  const lines: { level: 'info' | 'warn'; message: string }[] = []
  return {
    lines,
    log: {
      info: (_fields: object, message: string) => lines.push({ level: 'info', message }),
      warn: (_fields: object, message: string) => lines.push({ level: 'warn', message }),
    } as never,
  }
}

describe('card art warm-up', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists the icon in both sizes, the placeholder, every collection, every avatar and the small Legendary card of every place', async () => {
    const items = await artWarmupItems(t.db)
    const cards = await t.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('rarity', '=', WARMUP_RARITY)
      .executeTakeFirstOrThrow()
    const collections = await t.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(items).toHaveLength(3 + collections.n + AVATAR_COUNT + cards.n)
    expect(items.slice(0, 3).map((item) => item.imageKey)).toEqual(['icon-96', 'icon-512', 'placeholder-sm'])
    expect(items.every((item) => !item.imageKey.endsWith('-lg'))).toBe(true)
    expect(
      items.filter((item) => item.imageKey.startsWith('card-')).every((item) => item.imageKey.endsWith('-5-sm')),
    ).toBe(true)
    expect(new Set(items.map((item) => item.imageKey)).size).toBe(items.length)
  })

  it('renders only what is missing from the disk cache, logs progress every 200 pictures and a summary', async () => {
    const items = await artWarmupItems(t.db)
    const folder = path.join(t.config.dataDir, 'warmup-test')
    const context: ArtContext = { db: t.db, store: new LocalFolderBlobStore(folder), keepInMemory: false }
    const file = (key: string, contentType: ArtWarmupItem['contentType']) =>
      path.join(folder, ...artBlobKey(key, contentType).split('/'))
    const missing = [items.at(0), items.at(-1), items.at(-7)].map((item) => present(item, 'a warm-up item').imageKey)
    for (const item of items) {
      if (missing.includes(item.imageKey)) continue
      fs.mkdirSync(path.dirname(file(item.imageKey, item.contentType)), { recursive: true })
      fs.writeFileSync(file(item.imageKey, item.contentType), 'already there')
    }
    const { lines, log } = collectingLog()

    const summary = await warmItems(context, items, log)

    expect(summary).toMatchObject({ total: items.length, rendered: 3, skipped: items.length - 3, failed: 0 })
    for (const key of missing) {
      const item = present(
        items.find((candidate) => candidate.imageKey === key),
        key,
      )
      const metadata = await sharp(fs.readFileSync(file(key, item.contentType))).metadata()
      expect(metadata.format).toBe(item.contentType === 'image/png' ? 'png' : 'webp')
    }
    expect(lines.filter((line) => line.message.startsWith('card art warm-up: '))).toHaveLength(
      Math.floor(items.length / 200),
    )
    expect(lines.at(-1)?.message).toMatch(/^card art warm-up finished: 3 rendered, \d+ already cached, 0 failed/)
  })

  it('counts a picture that cannot be rendered as failed and carries on', async () => {
    const context: ArtContext = {
      db: t.db,
      store: new LocalFolderBlobStore(path.join(t.config.dataDir, 'warmup-failing')),
      keepInMemory: false,
    }
    const { lines, log } = collectingLog()
    const summary = await warmItems(
      context,
      [
        { imageKey: 'broken', contentType: 'image/webp', render: () => Promise.reject(new Error('no outline')) },
        ...(await artWarmupItems(t.db)).slice(0, 1),
      ],
      log,
    )
    expect(summary).toMatchObject({ total: 2, rendered: 1, failed: 1 })
    expect(lines.some((line) => line.level === 'warn')).toBe(true)
  })

  it('stops when the server is no longer running', async () => {
    const context: ArtContext = {
      db: t.db,
      store: new LocalFolderBlobStore(path.join(t.config.dataDir, 'warmup-stopped')),
      keepInMemory: false,
    }
    const summary = await warmItems(context, await artWarmupItems(t.db), collectingLog().log, () => false)
    expect(summary).toMatchObject({ rendered: 0, skipped: 0 })
  })

  it('does nothing when ART_WARMUP is off', async () => {
    const off = await buildTestApp({ seed: false, env: { ART_WARMUP: 'off' } })
    try {
      expect(await warmArtCache(off.app)).toBeNull()
      const stored = []
      for await (const key of blobFolder(off.app.blobs, ART_FOLDER).list(ART_VERSION_FOLDER)) stored.push(key)
      expect(stored).toEqual([])
    } finally {
      await off.close()
    }
  })
})
