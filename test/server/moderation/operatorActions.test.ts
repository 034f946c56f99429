import type { Memory } from '@shared/memories'
import type { ModerationActionBody, ModerationQueueItem, ModerationQueueResult } from '@shared/moderation'
import { MODERATION_TEXTS } from '@shared/moderation'
import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory } from '../memories/fixtures'

import { report } from './moderationKit'

let t: TestApp
let cardId: string
let operator: TestOperator
beforeAll(async () => {
  // Many travellers sign up from one address here; the limits of reports are tested in reportFlood.test.ts.
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
  ;[cardId] = await cardsOfRarity(t, 2, 1)
  operator = await makeOperator(t)
}, 60_000)
afterAll(() => t.close())

type Travellers<N extends number, Found extends TestUser[] = []> = Found['length'] extends N
  ? Found
  : Travellers<N, [...Found, TestUser]>

/** `count` new travellers, as a tuple a test can name one by one. */
async function travellers<N extends number>(count: N): Promise<Travellers<N>> {
  const users: TestUser[] = []
  for (let i = 0; i < count; i += 1) users.push(await t.register())
  // The length was just made; the type system cannot follow it from an array.
  return users as Travellers<N>
}

async function queue(): Promise<ModerationQueueItem[]> {
  const { status, body } = await t.call<ModerationQueueResult>('GET', '/api/operator/moderation/queue', {
    token: operator.token,
  })
  expect(status).toBe(200)
  return body.data.items
}

async function entryOf(itemId: string): Promise<ModerationQueueItem> {
  const entry = (await queue()).find((item) => item.itemId === itemId)
  if (!entry) throw new Error(`no queue entry for ${itemId}`)
  return entry
}

function act(
  entry: ModerationQueueItem,
  action: ModerationActionBody['action'],
  extra: Partial<ModerationActionBody> = {},
) {
  return t.call<{ outcome: string; reportsResolved: number }>('POST', '/api/operator/moderation/act', {
    token: operator.token,
    body: { queueItemId: entry.queueItemId, version: entry.version, action, reason: 'Advertising a shop', ...extra },
  })
}

async function notices(user: TestUser) {
  return t.db
    .selectFrom('notifications')
    .select(['title', 'content', 'link'])
    .where('user_id', '=', user.userId)
    .orderBy('created_at')
    .execute()
}

async function auditRows(targetId: string) {
  return t.db
    .selectFrom('operator_actions')
    .select(['action', 'operator_user_id', 'reason', 'target_type'])
    .where('target_id', '=', targetId)
    .execute()
}

function getMemory(user: TestUser, memoryId: string) {
  return t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: user.token })
}

describe('the moderation queue', () => {
  it('lists an item once with every report, the reporters, and the content in context', async () => {
    const [author, a, b] = await travellers(3)
    const memoryId = await createMemory(t, author, cardId, { memoryContent: 'Cheap watches at example.com' })
    await report(t, a, { itemType: 'memory', itemId: memoryId, reason: 'spam', note: 'A shop' })
    await report(t, b, { itemType: 'memory', itemId: memoryId, reason: 'other' })
    const entry = await entryOf(memoryId)
    expect(entry).toMatchObject({ itemType: 'memory', reportCount: 2, version: 1 })
    expect(entry.reports.map((r) => [r.reporterUsername, r.reason, r.note])).toEqual([
      [a.username, 'spam', 'A shop'],
      [b.username, 'other', null],
    ])
    expect(entry.content).toMatchObject({
      exists: true,
      authorUsername: author.username,
      memory: { memoryId, content: 'Cheap watches at example.com', hiddenAt: null },
      traveller: { userId: author.userId, warningCount: 0, suspendedUntil: null, suspendedForGood: false },
    })
  })

  it('shows a comment with the memory it is on', async () => {
    const [author, writer, reader] = await travellers(3)
    const memoryId = await createMemory(t, author, cardId)
    const posted = await t.call<{ memoryCommentId: string }>('POST', '/api/memory/postComment', {
      token: writer.token,
      body: { memoryId, commentContent: 'You are an idiot' },
    })
    const commentId = posted.body.data.memoryCommentId
    await report(t, reader, { itemType: 'comment', itemId: commentId, reason: 'harassment' })
    const entry = await entryOf(commentId)
    expect(entry.content).toMatchObject({
      authorUsername: writer.username,
      comment: { commentId, content: 'You are an idiot' },
      memory: { memoryId },
    })
  })
})

describe('moderation actions', () => {
  it('hide: the memory is gone for everyone but its author, who is told why; reporters hear the outcome; audited', async () => {
    const [author, a, b] = await travellers(3)
    const memoryId = await createMemory(t, author, cardId)
    await report(t, a, { itemType: 'memory', itemId: memoryId, reason: 'spam' })
    await report(t, b, { itemType: 'memory', itemId: memoryId, reason: 'spam' })
    const hidden = await act(await entryOf(memoryId), 'hide')
    expect(hidden.status).toBe(200)
    expect(hidden.body.data).toEqual({ outcome: 'hidden', reportsResolved: 2 })

    expect((await getMemory(a, memoryId)).status).toBe(404)
    expect((await getMemory(author, memoryId)).status).toBe(200)
    expect(await notices(author)).toContainEqual({
      title: 'Your memory was hidden',
      content: expect.stringContaining('Advertising a shop. Only you can see it now.'),
      link: `/viewMemory/${memoryId}`,
    })
    for (const reporter of [a, b]) {
      expect(await notices(reporter)).toContainEqual({
        title: 'Your report was reviewed',
        content: 'Thank you for reporting a memory. Our moderators looked at it and took action.',
        link: '/notifications',
      })
    }
    expect((await queue()).map((item) => item.itemId)).not.toContain(memoryId)
    expect(await auditRows(memoryId)).toEqual([
      { action: 'report.hide', operator_user_id: operator.userId, reason: 'Advertising a shop', target_type: 'memory' },
    ])
    const reports = await t.db.selectFrom('reports').select(['outcome']).where('item_id', '=', memoryId).execute()
    expect(reports).toEqual([{ outcome: 'hidden' }, { outcome: 'hidden' }])
  })

  it('hide a comment: gone for others, and the notification that quoted it no longer does', async () => {
    const [author, writer, reader] = await travellers(3)
    const memoryId = await createMemory(t, author, cardId)
    const posted = await t.call<{ memoryCommentId: string }>('POST', '/api/memory/postComment', {
      token: writer.token,
      body: { memoryId, commentContent: 'Visit my shop for cheap watches' },
    })
    const commentId = posted.body.data.memoryCommentId
    await report(t, reader, { itemType: 'comment', itemId: commentId, reason: 'spam' })
    expect((await act(await entryOf(commentId), 'hide')).status).toBe(200)
    const seen = await getMemory(reader, memoryId)
    expect(seen.body.data.comments.map((c) => c.memoryCommentId)).not.toContain(commentId)
    const authorNotices = await notices(author)
    expect(authorNotices.map((n) => n.content).join('\n')).not.toContain('cheap watches')
    expect(authorNotices).toContainEqual(
      expect.objectContaining({ content: 'A comment on your memory was removed by our moderators.' }),
    )
    expect(await notices(writer)).toContainEqual(expect.objectContaining({ title: 'Your comment was hidden' }))
  })

  it('dismiss: nothing changes for the item; reporters are told it breaks no rule', async () => {
    const [author, reader] = await travellers(2)
    const memoryId = await createMemory(t, author, cardId)
    await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'other' })
    const dismissed = await act(await entryOf(memoryId), 'dismiss', { reason: 'Within the rules' })
    expect(dismissed.body.data).toEqual({ outcome: 'dismissed', reportsResolved: 1 })
    expect((await getMemory(reader, memoryId)).status).toBe(200)
    expect(await notices(reader)).toContainEqual({
      title: 'Your report was reviewed',
      content:
        'Thank you for reporting a memory. Our moderators looked at it and found that it does not break the community rules.',
      link: `/viewMemory/${memoryId}`,
    })
    expect((await notices(author)).filter((n) => n.content.includes('moderators'))).toEqual([])
    expect(await auditRows(memoryId)).toEqual([expect.objectContaining({ action: 'report.dismiss' })])
  })

  it('warn: the author gets a notification with the reason, and a warning is recorded', async () => {
    const [author, reader] = await travellers(2)
    await report(t, reader, { itemType: 'traveller', itemId: author.userId, reason: 'harassment' })
    const warned = await act(await entryOf(author.userId), 'warn', { reason: 'Repeated insults in comments' })
    expect(warned.body.data.outcome).toBe('warned')
    expect(await notices(author)).toContainEqual(
      expect.objectContaining({
        title: 'A warning from our moderators',
        content: expect.stringContaining('Repeated insults in comments.'),
      }),
    )
    const warnings = await t.db
      .selectFrom('moderation_warnings')
      .selectAll()
      .where('user_id', '=', author.userId)
      .execute()
    expect(warnings).toEqual([
      expect.objectContaining({ reason: 'Repeated insults in comments', created_by: operator.userId }),
    ])
  })

  it('suspend for N days: sessions end, login is refused saying until when, content hidden; unsuspend restores', async () => {
    const [author, reader] = await travellers(2)
    const memoryId = await createMemory(t, author, cardId)
    await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'hateful' })
    const suspended = await act(await entryOf(memoryId), 'suspend', { days: 7, reason: 'Hateful memories' })
    expect(suspended.body.data.outcome).toBe('suspended')

    const afterSuspension = await t.call('GET', '/api/getUser', { token: author.token })
    expect(afterSuspension.status).toBe(401)
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const login = await t.call('POST', '/api/login', {
      body: { email: author.email, password: 'correct horse battery' },
      remoteAddress: '10.7.0.1',
    })
    expect(login.status).toBe(423)
    expect(login.body.metadata).toMatchObject({
      errorCode: 'AccountSuspended',
      message: MODERATION_TEXTS.suspended(until),
    })
    expect((await getMemory(reader, memoryId)).status).toBe(404)
    const wrongPassword = await t.call('POST', '/api/login', {
      body: { email: author.email, password: 'not the password' },
      remoteAddress: '10.7.0.2',
    })
    expect(wrongPassword.status).toBe(400)

    const lifted = await t.call('POST', '/api/operator/moderation/unsuspend', {
      token: operator.token,
      body: { userId: author.userId, reason: 'Appeal accepted' },
    })
    expect(lifted.status).toBe(200)
    expect((await getMemory(reader, memoryId)).status).toBe(200)
    const again = await t.call('POST', '/api/login', {
      body: { email: author.email, password: 'correct horse battery' },
      remoteAddress: '10.7.0.3',
    })
    expect(again.status).toBe(200)
    expect(await notices(author)).toContainEqual(expect.objectContaining({ title: 'Your suspension has ended' }))
    expect((await auditRows(author.userId)).map((row) => row.action)).toEqual(['report.unsuspend'])
    const second = await t.call('POST', '/api/operator/moderation/unsuspend', {
      token: operator.token,
      body: { userId: author.userId, reason: 'Again' },
    })
    expect(second.status).toBe(409)
  })

  it('suspend for good: the login says so', async () => {
    const [author, reader] = await travellers(2)
    await report(t, reader, { itemType: 'traveller', itemId: author.userId, reason: 'spam' })
    expect((await act(await entryOf(author.userId), 'suspend', { reason: 'Spam account' })).status).toBe(200)
    const login = await t.call('POST', '/api/login', {
      body: { email: author.email, password: 'correct horse battery' },
      remoteAddress: '10.7.0.4',
    })
    expect(login.body.metadata.message).toBe(MODERATION_TEXTS.suspended(null))
  })

  it('refuses a second, concurrent action on one item with 409 and changes nothing', async () => {
    const [author, reader] = await travellers(2)
    const memoryId = await createMemory(t, author, cardId)
    await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'spam' })
    const entry = await entryOf(memoryId)
    const answers = await Promise.all([act(entry, 'hide'), act(entry, 'dismiss')])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const refused = answers.find((a) => a.status === 409)
    expect(refused?.body.metadata.message).toMatch(/Another moderator has acted on this item/)
    expect(await auditRows(memoryId)).toHaveLength(1)
    expect(await t.db.selectFrom('reports').select('outcome').where('item_id', '=', memoryId).execute()).toHaveLength(1)
    const reporterNotices = (await notices(reader)).filter((n) => n.title === 'Your report was reviewed')
    expect(reporterNotices).toHaveLength(1)
    // A stale version is refused the same way.
    expect((await act(entry, 'warn')).status).toBe(409)
  })

  it('refuses acting on deleted content except dismissing, and a hide of a traveller', async () => {
    const [author, reader] = await travellers(2)
    const memoryId = await createMemory(t, author, cardId)
    await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'spam' })
    const entry = await entryOf(memoryId)
    expect(entry.content.exists).toBe(true)
    await t.db.deleteFrom('memories').where('id', '=', memoryId).execute()
    const gone = await entryOf(memoryId)
    expect(gone.content.exists).toBe(false)
    const hidden = await act(gone, 'hide')
    expect(hidden.status).toBe(404)
    expect(hidden.body.metadata.message).toMatch(/was deleted since it was reported/)
    expect(await auditRows(memoryId)).toEqual([])
    expect((await act(gone, 'dismiss')).status).toBe(200)

    const [traveller, other] = await travellers(2)
    await report(t, other, { itemType: 'traveller', itemId: traveller.userId, reason: 'spam' })
    const hideTraveller = await act(await entryOf(traveller.userId), 'hide')
    expect(hideTraveller.status).toBe(400)
  })

  it('refuses an action without a reason, with an unknown action, or days out of range', async () => {
    const [author, reader] = await travellers(2)
    const memoryId = await createMemory(t, author, cardId)
    await report(t, reader, { itemType: 'memory', itemId: memoryId, reason: 'spam' })
    const entry = await entryOf(memoryId)
    expect((await act(entry, 'hide', { reason: '' })).status).toBe(400)
    expect((await act(entry, 'delete' as 'hide')).status).toBe(400)
    expect((await act(entry, 'suspend', { days: 0 })).status).toBe(400)
    expect((await entryOf(memoryId)).version).toBe(entry.version)
  })
})
