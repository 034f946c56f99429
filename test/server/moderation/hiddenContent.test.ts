import { VISIBILITY } from '@shared/constants'
import type { MemoryFeed } from '@shared/feed'
import type { Memory } from '@shared/memories'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, makeFriends } from '../memories/fixtures'

import { comment, report } from './moderationKit'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 2, 1)
}, 60_000)
afterAll(() => t.close())

describe('what moderation hides', () => {
  async function hide(table: 'memories' | 'memory_comments', id: string) {
    await t.db
      .updateTable(table)
      .set({ hidden_at: new Date().toISOString(), hidden_reason: 'Spam.' })
      .where('id', '=', id)
      .execute()
  }

  it('keeps a hidden memory from everyone but its author: memory, feed, friend page, likes, comments, reports', async () => {
    const author = await t.register()
    const friend = await t.register()
    await makeFriends(t, author, friend)
    const memoryId = await createMemory(t, author, cardId)
    await hide('memories', memoryId)

    const asFriend = await t.call('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: friend.token })
    expect(asFriend.status).toBe(404)
    const asAuthor = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: author.token })
    expect(asAuthor.status).toBe(200)
    const feed = await t.call<MemoryFeed>('GET', '/api/feed/getMemoryFeed?limit=50', { token: friend.token })
    expect(feed.body.data.memories.map((m) => m.memoryId)).not.toContain(memoryId)
    const ownFeed = await t.call<MemoryFeed>('GET', '/api/feed/getMemoryFeed?limit=50', { token: author.token })
    expect(ownFeed.body.data.memories.map((m) => m.memoryId)).toContain(memoryId)
    const page = await t.call<{ memories: Memory[] }>('GET', `/api/friends/getFriendPage?userId=${author.userId}`, {
      token: friend.token,
    })
    expect(page.body.data.memories.map((m) => m.memoryId)).not.toContain(memoryId)
    const like = await t.call('POST', '/api/memory/likeMemory', { token: friend.token, body: { memoryId } })
    expect(like.status).toBe(404)
    const post = await t.call('POST', '/api/memory/postComment', {
      token: friend.token,
      body: { memoryId, commentContent: 'hello' },
    })
    expect(post.status).toBe(404)
    expect((await report(t, friend, { itemType: 'memory', itemId: memoryId, reason: 'spam' })).status).toBe(404)
  })

  it('keeps a hidden comment from everyone but its author, and out of the comment count', async () => {
    const author = await t.register()
    const writer = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const commentId = await comment(t, writer, memoryId, 'Buy followers at example.com')
    await comment(t, reader, memoryId, 'Lovely pictures')
    await hide('memory_comments', commentId)
    const ids = (memory: Memory) => memory.comments.map((c) => c.memoryCommentId)

    const asReader = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: reader.token })
    expect(ids(asReader.body.data)).not.toContain(commentId)
    expect(asReader.body.data.commentCount).toBe(1)
    const asWriter = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: writer.token })
    expect(ids(asWriter.body.data)).toContain(commentId)
    const reply = await t.call('POST', '/api/memory/postComment', {
      token: reader.token,
      body: { memoryId, commentContent: 'no', replyToCommentId: commentId },
    })
    expect(reply.status).toBe(404)
    expect((await report(t, reader, { itemType: 'comment', itemId: commentId, reason: 'spam' })).status).toBe(404)
  })

  async function suspendForADay(userId: string) {
    const at = new Date()
    await t.db
      .insertInto('suspensions')
      .values({
        id: `s-${userId}`,
        user_id: userId,
        starts_at: at.toISOString(),
        ends_at: new Date(at.getTime() + 86_400_000).toISOString(),
        reason: 'Spam',
        created_by: null,
        lifted_at: null,
        lifted_by: null,
      })
      .execute()
  }

  async function liftSuspension(userId: string) {
    await t.db
      .updateTable('suspensions')
      .set({ lifted_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute()
  }

  it("keeps a suspended friend's memories for friends out of their friends' feeds until the suspension is lifted", async () => {
    const author = await t.register()
    const friend = await t.register()
    await makeFriends(t, author, friend)
    const memoryId = await createMemory(t, author, cardId, { visibility: VISIBILITY.Friends })
    const feedOf = async (user: TestUser) =>
      (await t.call<MemoryFeed>('GET', '/api/feed/getMemoryFeed?limit=50', { token: user.token })).body.data.memories
    expect((await feedOf(friend)).map((m) => m.memoryId)).toContain(memoryId)

    await suspendForADay(author.userId)
    expect((await feedOf(friend)).map((m) => m.memoryId)).not.toContain(memoryId)
    expect((await feedOf(author)).map((m) => m.memoryId)).toContain(memoryId)

    await liftSuspension(author.userId)
    expect((await feedOf(friend)).map((m) => m.memoryId)).toContain(memoryId)
  })

  it("keeps a suspended traveller's memories and comments from others while the suspension lasts", async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const other = await t.register()
    const otherMemory = await createMemory(t, other, cardId)
    const commentId = await comment(t, author, otherMemory, 'A comment by the suspended traveller')
    await suspendForADay(author.userId)
    expect((await t.call('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: reader.token })).status).toBe(
      404,
    )
    const seen = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${otherMemory}`, { token: reader.token })
    expect(seen.body.data.comments.map((c) => c.memoryCommentId)).not.toContain(commentId)

    await liftSuspension(author.userId)
    expect((await t.call('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: reader.token })).status).toBe(
      200,
    )
  })

  it('keeps hidden memories and suspended travellers off the share pages', async () => {
    const author = await t.register()
    const memoryId = await createMemory(t, author, cardId, { memoryContent: 'Hidden words about the harbour' })
    const copy = await t.db
      .selectFrom('memories')
      .select('user_card_id')
      .where('id', '=', memoryId)
      .executeTakeFirstOrThrow()
    const cardPage = () => t.app.inject({ method: 'GET', url: `/s/card?shareId=${copy.user_card_id}` })
    expect((await cardPage()).body).toContain('Hidden words about the harbour')
    await hide('memories', memoryId)
    const hiddenPage = await cardPage()
    expect(hiddenPage.statusCode).toBe(200)
    expect(hiddenPage.body).not.toContain('Hidden words about the harbour')

    const userPage = () => t.app.inject({ method: 'GET', url: `/s/user?shareId=${author.friendCode}` })
    expect((await userPage()).statusCode).toBe(200)
    await t.db
      .insertInto('suspensions')
      .values({
        id: `s2-${author.userId}`,
        user_id: author.userId,
        starts_at: new Date().toISOString(),
        ends_at: null,
        reason: 'Spam',
        created_by: null,
        lifted_at: null,
        lifted_by: null,
      })
      .execute()
    expect((await userPage()).statusCode).toBe(404)
  })
})
