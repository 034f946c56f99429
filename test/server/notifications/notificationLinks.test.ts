import type { Notification } from '@shared/notifications'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, type Strings } from '../memories/fixtures'

let t: TestApp
let cardIds: Strings<1>
beforeAll(async () => {
  t = await buildTestApp()
  cardIds = await cardsOfRarity(t, 1, 1)
}, 60_000)
afterAll(() => t.close())

async function linksOf(user: TestUser): Promise<Record<string, string | null>> {
  const { body } = await t.call<Notification[]>('GET', '/api/getNotifications', { token: user.token })
  return Object.fromEntries(body.data.map((notification) => [notification.title, notification.link]))
}

describe('GET /api/getNotifications', () => {
  it('names the screen each notification is about, so the list can open it', async () => {
    const author = await t.register()
    const friend = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: author.token, body: { friendCode: friend.friendCode } })
    const memoryId = await createMemory(t, author, cardIds[0], { taggedFriends: [friend.userId], visibility: 2 })
    await t.call('POST', '/api/memory/likeMemory', { token: friend.token, body: { memoryId } })
    await t.call('POST', '/api/memory/postComment', {
      token: friend.token,
      body: { memoryId, commentContent: 'What a trip!' },
    })

    expect(await linksOf(friend)).toEqual({
      'New friend': '/myFriends',
      'You were tagged in a memory': `/viewMemory/${memoryId}`,
    })
    expect(await linksOf(author)).toEqual({
      'New like on your memory': `/viewMemory/${memoryId}`,
      'New comment on your memory': `/viewMemory/${memoryId}/comments`,
    })
  })

  it('keeps notifications sent before links existed, without a link', async () => {
    const user = await t.register()
    const other = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: other.token, body: { friendCode: user.friendCode } })
    await t.db.updateTable('notifications').set({ link: null }).where('user_id', '=', user.userId).execute()

    expect(await linksOf(user)).toEqual({ 'New friend': null })
  })
})
