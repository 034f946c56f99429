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

  it('answers a real code of a non-friend and an unknown code alike, naming nobody', async () => {
    const ann = await t.register()
    const bob = await t.register()
    const stranger = await t.call('POST', '/api/friends/removeFriend', {
      token: ann.token,
      body: { friendCode: bob.friendCode.toLowerCase() },
    })
    const unknown = await t.call('POST', '/api/friends/removeFriend', {
      token: ann.token,
      body: { friendCode: 'ZZZZZZ' },
    })
    expect(stranger.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(stranger.body.metadata.message).toBe(`None of your friends has the friend code ${bob.friendCode}.`)
    expect(unknown.body.metadata.message).toBe('None of your friends has the friend code ZZZZZZ.')
    expect(stranger.body.metadata.message).not.toContain(bob.username)
  })

  it('shares the friend-code limit with addFriend, so codes cannot be enumerated', async () => {
    const eve = await t.register()
    const remoteAddress = '198.51.100.60'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 16; attempt += 1) {
      const call = attempt % 2 === 0 ? 'addFriend' : 'removeFriend'
      statuses.push(
        (
          await t.call('POST', `/api/friends/${call}`, {
            token: eve.token,
            body: { friendCode: 'ZZZZZZ' },
            remoteAddress,
          })
        ).status,
      )
    }
    for (let attempt = 0; attempt < 16; attempt += 1) {
      statuses.push(
        (
          await t.call('POST', '/api/friends/removeFriend', {
            token: eve.token,
            body: { friendCode: 'ZZZZZZ' },
            remoteAddress,
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
  })
})
