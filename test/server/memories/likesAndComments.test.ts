import { COMMENT_MAX_LENGTH } from '@shared/constants'
import type { LikeMemoryResult, Memory, PostCommentResult } from '@shared/memories'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, makeFriends, notificationsOf } from './fixtures'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 2, 1)
}, 60_000)
afterAll(() => t.close())

async function comment(user: TestUser, memoryId: string, commentContent: string, replyToCommentId?: string | null) {
  return t.call<PostCommentResult>('POST', '/api/memory/postComment', {
    token: user.token,
    body: { memoryId, commentContent, replyToCommentId },
  })
}

async function titled(user: TestUser, title: string) {
  return (await notificationsOf(t, user.userId)).filter((n) => n.title === title)
}

describe('POST /api/memory/likeMemory', () => {
  it('toggles: a second like takes it back, and a like counts once per user', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const like = () =>
      t.call<LikeMemoryResult>('POST', '/api/memory/likeMemory', { token: reader.token, body: { memoryId } })
    expect((await like()).body.data).toEqual({ liked: true, likes: 1 })
    expect((await like()).body.data).toEqual({ liked: false, likes: 0 })
    expect((await like()).body.data).toEqual({ liked: true, likes: 1 })
    const seen = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: reader.token })
    expect(seen.body.data).toMatchObject({ likes: 1, liked: true })
    const rows = await t.db.selectFrom('memory_likes').select('user_id').where('memory_id', '=', memoryId).execute()
    expect(rows).toEqual([{ user_id: reader.userId }])
  })

  it('notifies the author of a like from someone else, naming who and which memory', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    await t.call('POST', '/api/memory/likeMemory', { token: reader.token, body: { memoryId } })
    await t.call('POST', '/api/memory/likeMemory', { token: author.token, body: { memoryId } })
    const likes = await titled(author, 'New like on your memory')
    expect(likes).toHaveLength(1)
    expect(likes[0]?.content).toMatch(new RegExp(`^${reader.username} liked your memory of .+\\.$`))
  })
})

describe('POST /api/memory/postComment', () => {
  it('threads replies one level deep, with Author and Me flags and whom a reply answers', async () => {
    const author = await t.register()
    const friend = await t.register()
    const other = await t.register()
    await makeFriends(t, author, friend)
    const memoryId = await createMemory(t, author, cardId, { visibility: 3 })
    const top = (await comment(friend, memoryId, 'What a trip!')).body.data.memoryCommentId
    const reply = (await comment(author, memoryId, 'It was!', top)).body.data.memoryCommentId
    const replyToReply = (await comment(other, memoryId, 'Agreed', reply)).body.data.memoryCommentId
    await comment(other, memoryId, 'Second thread', null)

    const { body } = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: friend.token })
    expect(body.data.commentCount).toBe(4)
    expect(body.data.comments).toHaveLength(2)
    const [first, second] = body.data.comments
    expect(first).toMatchObject({
      memoryCommentId: top,
      commentContent: 'What a trip!',
      isAuthor: false,
      isMine: true,
      replyToCommentId: null,
      replyToComment: null,
    })
    expect(first?.replies.map((r) => r.memoryCommentId)).toEqual([reply, replyToReply])
    expect(first?.replies[0]).toMatchObject({
      isAuthor: true,
      isMine: false,
      replyToComment: { memoryCommentId: top, username: friend.username },
    })
    expect(first?.replies[1]).toMatchObject({
      replyToCommentId: reply,
      replyToComment: { memoryCommentId: reply, username: author.username },
    })
    expect(second).toMatchObject({ commentContent: 'Second thread', replies: [] })
  })

  it('notifies the author of a comment and the comment’s writer of a reply', async () => {
    const author = await t.register()
    const reader = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    const top = (await comment(reader, memoryId, 'Which market was that?')).body.data.memoryCommentId
    const comments = await titled(author, 'New comment on your memory')
    expect(comments).toHaveLength(1)
    expect(comments[0]?.content).toContain(reader.username)
    expect(comments[0]?.content).toContain('"Which market was that?"')

    await comment(author, memoryId, 'The one by the river.', top)
    const replies = await titled(reader, 'New reply to your comment')
    expect(replies).toHaveLength(1)
    expect(replies[0]?.content).toContain(author.username)
    expect(await titled(author, 'New comment on your memory')).toHaveLength(1)
  })

  it('does not post an empty or blank comment', async () => {
    const author = await t.register()
    const memoryId = await createMemory(t, author, cardId)
    expect((await comment(author, memoryId, '')).status).toBe(400)
    expect((await comment(author, memoryId, '   ')).status).toBe(400)
    expect((await comment(author, memoryId, 'x'.repeat(COMMENT_MAX_LENGTH + 1))).status).toBe(400)
    expect(
      await t.db.selectFrom('memory_comments').select('id').where('memory_id', '=', memoryId).execute(),
    ).toHaveLength(0)
  })

  it('returns 404 when replying to a comment of another memory', async () => {
    const author = await t.register()
    const first = await createMemory(t, author, cardId)
    const second = await createMemory(t, author, cardId)
    const elsewhere = (await comment(author, first, 'here')).body.data.memoryCommentId
    expect((await comment(author, second, 'there', elsewhere)).status).toBe(404)
  })
})
