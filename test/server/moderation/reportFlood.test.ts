import type { Memory } from '@shared/memories'
import { REPORTS_PER_DAY } from '@shared/moderation'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { cardsOfRarity, createMemory } from '../memories/fixtures'

import { report } from './moderationKit'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 2, 1)
}, 60_000)
afterAll(() => t.close())

describe('reports flooded by one account or a ring of accounts', () => {
  it('makes a ring of accounts reporting one item one queue entry with their count', async () => {
    const author = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const ring = await Promise.all(Array.from({ length: 6 }, () => t.register()))
    for (const member of ring) {
      expect((await report(t, member, { itemType: 'memory', itemId: memoryId, reason: 'spam' })).status).toBe(200)
    }
    const entries = await t.db.selectFrom('moderation_items').selectAll().where('item_id', '=', memoryId).execute()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ report_count: 6, version: 1, status: 'open' })
    // Reports hide nothing by themselves.
    const [first] = ring
    const seen = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: first?.token })
    expect(seen.status).toBe(200)
  })

  it(`stops one account after ${REPORTS_PER_DAY} reports in a day, from any address`, async () => {
    const author = await t.register()
    const flooder = await t.register()
    const memories: string[] = []
    for (let i = 0; i < REPORTS_PER_DAY + 1; i += 1) memories.push(await createMemory(t, author, cardId))
    const statuses: number[] = []
    for (const memoryId of memories) {
      statuses.push((await report(t, flooder, { itemType: 'memory', itemId: memoryId, reason: 'spam' })).status)
    }
    expect(statuses.slice(0, REPORTS_PER_DAY).every((status) => status === 200)).toBe(true)
    expect(statuses[REPORTS_PER_DAY]).toBe(429)
    const count = await t.db.selectFrom('reports').select('id').where('reporter_id', '=', flooder.userId).execute()
    expect(count).toHaveLength(REPORTS_PER_DAY)
  })
})
