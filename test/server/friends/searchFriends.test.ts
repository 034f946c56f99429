import type { FriendMatch } from '@shared/friends'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('GET /api/friends/searchFriends', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  }, 60_000)
  afterAll(() => t.close())

  it('finds friends by a case-insensitive part of the name, only among friends', async () => {
    const me = await t.register()
    const alba = await t.register({ email: `alba.${Date.now()}@example.com` })
    const stranger = await t.register({ email: `albatross.${Date.now()}@example.com` })
    await t.call('POST', '/api/friends/addFriend', { token: me.token, body: { friendCode: alba.friendCode } })

    const { status, body } = await t.call<FriendMatch[]>('GET', '/api/friends/searchFriends?name=LBA', {
      token: me.token,
    })
    expect(status).toBe(200)
    expect(body.data).toEqual([{ userId: alba.userId, username: alba.username, avatarId: alba.avatarId, userLevel: 1 }])
    expect(body.data.map((match) => match.userId)).not.toContain(stranger.userId)
  })

  it('treats % and _ as plain characters and ignores a blank name', async () => {
    const me = await t.register()
    const friend = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: me.token, body: { friendCode: friend.friendCode } })
    expect(
      (await t.call<FriendMatch[]>('GET', '/api/friends/searchFriends?name=%25', { token: me.token })).body.data,
    ).toEqual([])
    expect(
      (await t.call<FriendMatch[]>('GET', '/api/friends/searchFriends?name=_', { token: me.token })).body.data,
    ).toEqual([])
    expect(
      (await t.call<FriendMatch[]>('GET', '/api/friends/searchFriends?name=%20', { token: me.token })).body.data,
    ).toEqual([])
  })

  it('returns at most 10 matches', async () => {
    const me = await t.register()
    for (let i = 0; i < 12; i += 1) {
      const friend = await t.register({ email: `manyfriends${i}.${Date.now()}@example.com` })
      await t.db
        .insertInto('friendships')
        .values([
          { user_id: me.userId, friend_id: friend.userId, created_at: new Date().toISOString() },
          { user_id: friend.userId, friend_id: me.userId, created_at: new Date().toISOString() },
        ])
        .execute()
    }
    const { body } = await t.call<FriendMatch[]>('GET', '/api/friends/searchFriends?name=manyfriends', {
      token: me.token,
    })
    expect(body.data).toHaveLength(10)
  })
})
