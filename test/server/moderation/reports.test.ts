import { MODERATION_TEXTS } from '@shared/moderation'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { cardsOfRarity, createMemory, makeFriends } from '../memories/fixtures'

import { comment, report } from './moderationKit'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 2, 1)
}, 60_000)
afterAll(() => t.close())

function queueEntry(itemType: string, itemId: string) {
  return t.db
    .selectFrom('moderation_items')
    .selectAll()
    .where('item_type', '=', itemType as 'memory')
    .where('item_id', '=', itemId)
    .executeTakeFirst()
}

describe('POST /api/moderation/report', () => {
  it('records a report of a public memory with its reason and note, and opens one queue entry', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const { status, body } = await report(t, reader, {
      itemType: 'memory',
      itemId: memoryId,
      reason: 'spam',
      note: '  Links to a shop  ',
    })
    expect(status).toBe(200)
    expect(body.data.message).toBe(MODERATION_TEXTS.reported)
    const rows = await t.db.selectFrom('reports').selectAll().where('item_id', '=', memoryId).execute()
    expect(rows).toEqual([
      expect.objectContaining({
        reporter_id: reader.userId,
        item_type: 'memory',
        reason: 'spam',
        note: 'Links to a shop',
      }),
    ])
    expect(await queueEntry('memory', memoryId)).toMatchObject({
      author_id: author.userId,
      status: 'open',
      version: 1,
      report_count: 1,
    })
  })

  it('reports a comment and a traveller; an empty note is stored as none', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const commentId = await comment(t, author, memoryId, 'Nobody asked you.')
    expect(
      (await report(t, reader, { itemType: 'comment', itemId: commentId, reason: 'harassment', note: ' ' })).status,
    ).toBe(200)
    expect((await report(t, reader, { itemType: 'traveller', itemId: author.userId, reason: 'other' })).status).toBe(
      200,
    )
    expect(await queueEntry('comment', commentId)).toMatchObject({ author_id: author.userId })
    expect(await queueEntry('traveller', author.userId)).toMatchObject({ author_id: author.userId })
    const notes = await t.db.selectFrom('reports').select('note').where('reporter_id', '=', reader.userId).execute()
    expect(notes).toEqual([{ note: null }, { note: null }])
  })

  it('answers a second report of the same item with 409 and changes nothing', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'spam' })
    const again = await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'hateful', note: 'again' })
    expect(again.status).toBe(409)
    expect(again.body.metadata.message).toBe(MODERATION_TEXTS.alreadyReported)
    const rows = await t.db.selectFrom('reports').select('reason').where('item_id', '=', memoryId).execute()
    expect(rows).toEqual([{ reason: 'spam' }])
    expect(await queueEntry('memory', memoryId)).toMatchObject({ report_count: 1, version: 1 })
  })

  it('refuses own content, unknown items and items the reporter cannot see, changing nothing', async () => {
    const author = await t.register()
    const stranger = await t.register()
    const own = await createMemory(t, author, cardId)
    const privateMemory = await createMemory(t, author, cardId, { visibility: 1 })
    const friendsMemory = await createMemory(t, author, cardId, { visibility: 2 })
    const ownRefusal = await report(t, author, { itemType: 'memory', itemId: own, reason: 'spam' })
    expect(ownRefusal.status).toBe(422)
    expect(ownRefusal.body.metadata.message).toBe(MODERATION_TEXTS.ownItem)
    expect((await report(t, author, { itemType: 'traveller', itemId: author.userId, reason: 'spam' })).status).toBe(422)
    for (const itemId of [privateMemory, friendsMemory, 'no-such-memory']) {
      const refused = await report(t, stranger, { itemType: 'memory', itemId, reason: 'spam' })
      expect(refused.status).toBe(404)
      expect(refused.body.metadata.message).toBe(MODERATION_TEXTS.notFound.memory)
    }
    expect((await report(t, stranger, { itemType: 'comment', itemId: 'nope', reason: 'spam' })).status).toBe(404)
    expect((await report(t, stranger, { itemType: 'traveller', itemId: 'nope', reason: 'spam' })).status).toBe(404)
    const rows = await t.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', 'in', [author.userId, stranger.userId])
      .execute()
    expect(rows).toEqual([])
  })

  it('lets a friend report a Friends memory', async () => {
    const author = await t.register()
    const friend = await t.register()
    await makeFriends(t, author, friend)
    const memoryId = await createMemory(t, author, cardId, { visibility: 2 })
    expect(
      (await report(t, friend, { itemType: 'memory', itemId: memoryId, reason: 'private_information' })).status,
    ).toBe(200)
  })

  it('refuses a note over the limit, an unknown reason or item type, and visitors', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const long = await report(t, reader, {
      itemType: 'memory',
      itemId: memoryId,
      reason: 'spam',
      note: 'x'.repeat(501),
    })
    expect(long.status).toBe(400)
    const badReason = await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'boring' as 'spam' })
    expect(badReason.status).toBe(400)
    const badType = await report(t, reader, { itemType: 'card' as 'memory', itemId: memoryId, reason: 'spam' })
    expect(badType.status).toBe(400)
    const visitor = await t.call('POST', '/api/moderation/report', {
      body: { itemType: 'memory', itemId: memoryId, reason: 'spam' },
    })
    expect(visitor.status).toBe(403)
    expect(await queueEntry('memory', memoryId)).toBeUndefined()
  })
})
