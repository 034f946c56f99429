import { pinClock } from '@server/lib/clock'
import { inProcessInvalidationBus, SessionCache } from '@server/plugins/sessionCache'
import { buildTestApp, twoInstancesSharingRedis, type TestApp } from '@test/helpers/server'

/** Pub/sub delivers the logout a moment later: the answer once it has arrived (or the last one after 10 s). */
async function statusOnceDelivered(call: () => Promise<{ status: number }>): Promise<number> {
  let status = (await call()).status
  for (let attempt = 0; status !== 401 && attempt < 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    status = (await call()).status
  }
  return status
}

describe('the session cache', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())
  afterEach(() => pinClock(null))

  it('refuses a token whose session expired after it was last used', async () => {
    const user = await t.register()
    expect((await t.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
    const session = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    pinClock(new Date(Date.parse(session.expires_at) + 1000))
    const { status } = await t.call('GET', '/api/getUser', { token: user.token })
    expect(status).toBe(401)
  })

  it('forgets a logged-out session on every instance that shares the bus', () => {
    const bus = inProcessInvalidationBus()
    const here = new SessionCache(10_000, bus)
    const elsewhere = new SessionCache(10_000, bus)
    const session = { userId: 'u1', expiresAtMs: 1_000_000 }
    here.set('hash', session, 0)
    elsewhere.set('hash', session, 0)
    here.invalidate('hash')
    expect(here.get('hash', 1)).toBeUndefined()
    expect(elsewhere.get('hash', 1)).toBeUndefined()
  })

  it('looks a session up again once its entry is older than the cache time', () => {
    const cache = new SessionCache(5_000)
    cache.set('hash', { userId: 'u1', expiresAtMs: 1_000_000 }, 0)
    expect(cache.get('hash', 4_999)).toEqual(expect.objectContaining({ userId: 'u1' }))
    expect(cache.get('hash', 5_000)).toBeUndefined()
  })

  describe('with Redis', () => {
    const instances = twoInstancesSharingRedis()

    it('refuses a token on every instance as soon as it logs out on one', async () => {
      const user = await instances.first.register()
      // The second instance looks the session up once and would trust it for ten minutes.
      expect((await instances.second.call('GET', '/api/getUser', { token: user.token })).status).toBe(200)
      expect((await instances.first.call('POST', '/api/logout', { token: user.token })).status).toBe(200)
      expect(await statusOnceDelivered(() => instances.second.call('GET', '/api/getUser', { token: user.token }))).toBe(
        401,
      )
    })
  })
})
