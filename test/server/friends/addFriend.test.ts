import type { AddFriendResult, Friend } from '@shared/friends'
import type { User } from '@shared/session'
import { buildTestApp, type TestApp } from '@test/helpers/server'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
}, 60_000)
afterAll(() => t.close())

describe('POST /api/friends/addFriend', () => {
  it('makes two users friends both ways and tells the other side', async () => {
    const ann = await t.register()
    const bob = await t.register()
    const { status, body } = await t.call<AddFriendResult>('POST', '/api/friends/addFriend', {
      token: ann.token,
      body: { friendCode: bob.friendCode.toLowerCase() },
    })
    expect(status).toBe(200)
    expect(body.data).toEqual({ result: true, username: bob.username })

    const rows = await t.db
      .selectFrom('friendships')
      .select(['user_id', 'friend_id'])
      .where('user_id', 'in', [ann.userId, bob.userId])
      .execute()
    expect(rows).toHaveLength(2)
    const notes = await t.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', bob.userId)
      .where('title', '=', 'New friend')
      .execute()
    expect(notes).toEqual([{ title: 'New friend', content: `${ann.username} added you as a friend.` }])
    const bobView = await t.call<User>('GET', '/api/getUser', { token: bob.token })
    expect(bobView.body.data.friendCount).toBe(1)
  })

  it('returns 409 when they are already friends, from either side', async () => {
    const ann = await t.register()
    const bob = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: ann.token, body: { friendCode: bob.friendCode } })
    const { status, body } = await t.call('POST', '/api/friends/addFriend', {
      token: bob.token,
      body: { friendCode: ann.friendCode },
    })
    expect(status).toBe(409)
    expect(body.metadata.message).toBe(`${ann.username} is already your friend.`)
  })

  it("returns 422 for one's own friend code", async () => {
    const ann = await t.register()
    const { status, body } = await t.call('POST', '/api/friends/addFriend', {
      token: ann.token,
      body: { friendCode: ann.friendCode },
    })
    expect(status).toBe(422)
    expect(body.metadata.message).toMatch(/your own friend code/)
  })

  it('returns 404 for a code nobody has', async () => {
    const ann = await t.register()
    const { status, body } = await t.call('POST', '/api/friends/addFriend', {
      token: ann.token,
      body: { friendCode: 'zz' },
    })
    expect(status).toBe(404)
    expect(body.metadata.message).toMatch(/No traveller has the friend code ZZ/)
  })

  it('returns 403 for a visitor', async () => {
    const { status } = await t.call('POST', '/api/friends/addFriend', { body: { friendCode: 'ABCDEF' } })
    expect(status).toBe(403)
  })
})

describe('POST /api/register with a friend code', () => {
  it('makes the new user and the inviter friends', async () => {
    const inviter = await t.register()
    const invitee = await t.register({ friendCode: inviter.friendCode })
    const { body } = await t.call<Friend[]>('GET', '/api/friends/getMyFriends', { token: inviter.token })
    expect(body.data.map((friend) => friend.userId)).toEqual([invitee.userId])
    const theirs = await t.call<Friend[]>('GET', '/api/friends/getMyFriends', { token: invitee.token })
    expect(theirs.body.data.map((friend) => friend.userId)).toEqual([inviter.userId])
  })
})
