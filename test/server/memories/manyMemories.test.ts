import type { Memory } from '@shared/memories'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { giveCopy } from './fixtures'

// Building a seeded database takes a few seconds on a busy machine.
jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/memory/getMyMemories for a traveller with more memories than one statement reads', () => {
  it('answers every memory once, newest first, each with its own card and text', async () => {
    const traveller = await t.register()
    const cards = await t.db.selectFrom('cards').select('id').orderBy('id').limit(123).execute()
    expect(cards).toHaveLength(123)
    const written: { id: string; cardId: string; createdAt: string; copyId: string }[] = []
    for (const [index, card] of cards.entries()) {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString()
      const copyId = await giveCopy(t, traveller.userId, card.id, createdAt)
      written.push({ id: `${traveller.userId}-memory-${index}`, cardId: card.id, createdAt, copyId })
    }
    await t.db
      .insertInto('memories')
      .values(
        written.map((memory, index) => ({
          id: memory.id,
          user_id: traveller.userId,
          user_card_id: memory.copyId,
          start_date: '2026-01-01',
          end_date: '2026-01-02',
          content: `Memory number ${index}`,
          visibility: 3,
          created_at: memory.createdAt,
          updated_at: memory.createdAt,
        })),
      )
      .execute()

    const { status, body } = await t.call<Memory[]>('GET', '/api/memory/getMyMemories', { token: traveller.token })

    expect(status).toBe(200)
    const newestFirst = [...written].reverse()
    expect(body.data.map((memory) => memory.memoryId)).toEqual(newestFirst.map((memory) => memory.id))
    expect(body.data.map((memory) => [memory.cardId, memory.memoryContent])).toEqual(
      newestFirst.map((memory) => [memory.cardId, `Memory number ${written.indexOf(memory)}`]),
    )
  })
})
