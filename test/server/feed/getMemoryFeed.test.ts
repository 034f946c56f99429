import crypto from 'node:crypto'

import type { MemoryFeed } from '@shared/feed'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy, makeFriends } from '../memories/fixtures'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 1, 1)
}, 60_000)
afterAll(() => t.close())

/** Writes a memory row directly, so a test can choose its timestamp (several share one on purpose). */
async function insertMemory(author: TestUser, visibility: number, createdAt: string): Promise<string> {
  const id = crypto.randomUUID()
  const userCardId = await giveCopy(t, author.userId, cardId)
  await t.db
    .insertInto('memories')
    .values({
      id,
      user_id: author.userId,
      user_card_id: userCardId,
      start_date: '2026-01-01',
      end_date: '2026-01-02',
      content: '',
      visibility,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute()
  return id
}

async function page(token: string, cursor: string | null, limit: number) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })
  return t.call<MemoryFeed>('GET', `/api/feed/getMemoryFeed?${query.toString()}`, { token })
}

describe('GET /api/feed/getMemoryFeed', () => {
  it('pages newest first without repeating or skipping while new memories are written between pages', async () => {
    const viewer = await t.register()
    const friend = await t.register()
    const otherFriend = await t.register()
    const stranger = await t.register()
    await makeFriends(t, viewer, friend)
    await makeFriends(t, viewer, otherFriend)
    const expected: { id: string; createdAt: string }[] = []
    const authors = [viewer, friend, stranger, otherFriend]
    for (let i = 0; i < 80; i += 1) {
      // Every third timestamp repeats, so ties are broken by id.
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3) * 3)).toISOString()
      const author = present(authors[i % 4])
      const visibility = ((i % 7) % 3) + 1
      const id = await insertMemory(author, visibility, createdAt)
      const visible =
        author === viewer || visibility === 3 || (visibility === 2 && (author === friend || author === otherFriend))
      if (visible) expected.push({ id, createdAt })
    }
    expected.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const { status, body }: Awaited<ReturnType<typeof page>> = await page(viewer.token, cursor, 7)
      expect(status).toBe(200)
      seen.push(...body.data.memories.map((m) => m.memoryId))
      cursor = body.data.nextCursor
      pages += 1
      // Others keep writing while the viewer scrolls.
      await createMemory(t, friend, cardId, { visibility: 3 })
      await createMemory(t, viewer, cardId, { visibility: 1 })
    } while (cursor)

    expect(pages).toBeGreaterThan(3)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(expected.map((e) => e.id))
  })

  it('shows the viewer’s new memories on a fresh first page', async () => {
    const viewer = await t.register()
    const memoryId = await createMemory(t, viewer, cardId, { visibility: 1 })
    const { body } = await page(viewer.token, null, 5)
    expect(body.data.memories[0]?.memoryId).toBe(memoryId)
  })

  it('returns 400 for a malformed cursor and for a page size over 50', async () => {
    const viewer = await t.register()
    expect((await page(viewer.token, 'not-a-cursor', 5)).status).toBe(400)
    expect((await page(viewer.token, null, 51)).status).toBe(400)
  })
})
