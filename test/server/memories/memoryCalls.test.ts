import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { AvailableCardSets, Memory, PeerUserCard, UploadMemoryPictureResult } from '@shared/memories'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import {
  cardsOfRarity,
  createMemory,
  giveCopy,
  makeFriends,
  memoryBody,
  notificationsOf,
  uploadFile,
  type Strings,
} from './fixtures'

let t: TestApp
let cardIds: Strings<3>
beforeAll(async () => {
  t = await buildTestApp()
  cardIds = await cardsOfRarity(t, 1, 3)
}, 60_000)
afterAll(() => t.close())

async function upload(token: string): Promise<UploadMemoryPictureResult> {
  const data = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer()
  return (await uploadFile(t, token, { data, fileName: 'p.png', contentType: 'image/png' })).body.data
}

describe('GET /api/memory/getMyMemories', () => {
  it('lists only the caller’s memories, newest first, with counts and no comment bodies', async () => {
    const user = await t.register()
    const other = await t.register()
    const older = await createMemory(t, user, cardIds[0])
    await new Promise((resolve) => setTimeout(resolve, 5))
    const newer = await createMemory(t, user, cardIds[1])
    await createMemory(t, other, cardIds[0])
    await t.call('POST', '/api/memory/postComment', {
      token: other.token,
      body: { memoryId: older, commentContent: 'Nice' },
    })
    const { status, body } = await t.call<Memory[]>('GET', '/api/memory/getMyMemories', { token: user.token })
    expect(status).toBe(200)
    expect(body.data.map((m) => m.memoryId)).toEqual([newer, older])
    expect(body.data[1]).toMatchObject({ commentCount: 1, comments: [], isOwner: true })
  })
})

describe('POST /api/memory/updateMemory', () => {
  it('changes the fields, notifies only newly tagged friends and deletes removed pictures', async () => {
    const author = await t.register()
    const kept = await t.register()
    const added = await t.register()
    await makeFriends(t, author, kept)
    await makeFriends(t, author, added)
    const first = await upload(author.token)
    const second = await upload(author.token)
    const memoryId = await createMemory(t, author, cardIds[0], {
      taggedFriends: [kept.userId],
      memoryPictures: [first.pictureFileName, second.pictureFileName],
    })
    const third = await upload(author.token)

    const { status } = await t.call('POST', '/api/memory/updateMemory', {
      token: author.token,
      body: {
        ...memoryBody('unused', {
          memoryContent: 'Rewritten',
          visibility: 2,
          taggedFriends: [kept.userId, added.userId],
          memoryPictures: [third.pictureFileName, first.pictureFileName],
        }),
        memoryId,
      },
    })
    expect(status).toBe(200)
    const { body } = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: author.token })
    expect(body.data).toMatchObject({ memoryContent: 'Rewritten', visibility: 2 })
    expect(body.data.pictures.map((p) => p.pictureFileName)).toEqual([third.pictureFileName, first.pictureFileName])
    expect(body.data.taggedFriends.map((f) => f.userId).sort()).toEqual([kept.userId, added.userId].sort())
    const folder = path.join(t.config.dataDir, 'blobs', 'memory-pictures')
    expect(fs.existsSync(path.join(folder, second.pictureFileName))).toBe(false)
    expect(fs.existsSync(path.join(folder, first.pictureFileName))).toBe(true)
    const taggedTitle = 'You were tagged in a memory'
    expect((await notificationsOf(t, kept.userId)).filter((n) => n.title === taggedTitle)).toHaveLength(1)
    expect((await notificationsOf(t, added.userId)).filter((n) => n.title === taggedTitle)).toHaveLength(1)
  })

  it('returns 400 for an end date before the start date and changes nothing', async () => {
    const author = await t.register()
    const memoryId = await createMemory(t, author, cardIds[0])
    const { status } = await t.call('POST', '/api/memory/updateMemory', {
      token: author.token,
      body: {
        ...memoryBody('unused', { memoryStartDate: '2026-07-02', memoryEndDate: '2026-07-01', memoryContent: 'No' }),
        memoryId,
      },
    })
    expect(status).toBe(400)
    const row = await t.db.selectFrom('memories').select('content').where('id', '=', memoryId).executeTakeFirstOrThrow()
    expect(row.content).not.toBe('No')
  })
})

describe('GET /api/memory/getAvailableCardSets', () => {
  it('lists the caller’s card sets with copies that have no memory, and their collections', async () => {
    const user = await t.register()
    await giveCopy(t, user.userId, cardIds[0])
    await giveCopy(t, user.userId, cardIds[0])
    await createMemory(t, user, cardIds[1])
    const { status, body } = await t.call<AvailableCardSets>('GET', '/api/memory/getAvailableCardSets', {
      token: user.token,
    })
    expect(status).toBe(200)
    const cards = body.data.cardSetList.flatMap((set) => set.cards)
    expect(cards).toEqual([expect.objectContaining({ cardId: cardIds[0], freeCopies: 2, image: cardIds[0] })])
    expect(body.data.cardCollections).toEqual([
      { collectionId: cards[0]?.collectionId, collectionName: expect.any(String) },
    ])
  })
})

describe('GET /api/getPeerUserCards', () => {
  it('lists the caller’s copies of a card by cardId or by userCardId, marking those with a memory', async () => {
    const user = await t.register()
    const free = await giveCopy(t, user.userId, cardIds[2], '2026-01-01T00:00:00.000Z')
    const memoryId = await createMemory(t, user, cardIds[2])
    const byCard = await t.call<PeerUserCard[]>('GET', `/api/getPeerUserCards?cardId=${cardIds[2]}`, {
      token: user.token,
    })
    expect(byCard.status).toBe(200)
    expect(byCard.body.data.map((c) => [c.userCardId === free, c.hasMemory, c.memoryId])).toEqual([
      [true, false, null],
      [false, true, memoryId],
    ])
    const byCopy = await t.call<PeerUserCard[]>('GET', `/api/getPeerUserCards?userCardId=${free}`, {
      token: user.token,
    })
    expect(byCopy.body.data).toEqual(byCard.body.data)
  })

  it('returns 400 without a cardId or userCardId', async () => {
    const user = await t.register()
    expect((await t.call('GET', '/api/getPeerUserCards', { token: user.token })).status).toBe(400)
  })
})
