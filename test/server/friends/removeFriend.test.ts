import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('POST /api/friends/removeFriend', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  }, 60_000)
  afterAll(() => t.close())

  it('ends the friendship both ways', async () => {
    const ann = await t.register()
    const bob = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: ann.token, body: { friendCode: bob.friendCode } })
    const { status, body } = await t.call('POST', '/api/friends/removeFriend', {
      token: bob.token,
      body: { friendCode: ann.friendCode },
    })
    expect(status).toBe(200)
    expect(body.data).toBeNull()
    const left = await t.db
      .selectFrom('friendships')
      .select('user_id')
      .where('user_id', 'in', [ann.userId, bob.userId])
      .execute()
    expect(left).toEqual([])
  })

  it('returns 404 when the user is not a friend', async () => {
    const ann = await t.register()
    const bob = await t.register()
    const { status, body } = await t.call('POST', '/api/friends/removeFriend', {
      token: ann.token,
      body: { friendCode: bob.friendCode },
    })
    expect(status).toBe(404)
    expect(body.metadata.message).toBe(`${bob.username} is not in your friend list.`)
  })
})
