import crypto from 'node:crypto'

import { ownedAvatarIds } from '@shared/constants'
import { starterAvatarId } from '@server/features/session/service'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('POST /api/register', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('creates the account, a session and a unique friend code, and answers authorized', async () => {
    const { status, body } = await t.call<Record<string, unknown>>('POST', '/api/register', {
      body: { email: 'Lena.Berg@Example.com', name: 'Lena.Berg', password: 'fjord views' },
    })
    expect(status).toBe(200)
    expect(body.metadata.authorized).toBe(true)
    expect(body.data).toMatchObject({
      username: 'Lena.Berg',
      email: 'lena.berg@example.com',
      digitalCredit: 0,
      physicalCredit: 0,
      invitationReward: false,
    })
    expect(body.data.authKey).toEqual(expect.any(String))
    expect((body.data.authKey as string).length).toBeGreaterThanOrEqual(43)
    expect(body.data.friendCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/)

    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'lena.berg@example.com')
      .executeTakeFirstOrThrow()
    expect(body.data.avatarId).toBe(row.avatar_id)
    expect(row.password_hash).toMatch(/^scrypt\$/)
    expect(row.password_hash).not.toContain('fjord')
    const session = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(session.token_hash).not.toBe(body.data.authKey)
  })

  it('gives a new account the starter avatar its id draws, one it owns, and keeps it', async () => {
    for (let i = 0; i < 3; i += 1) {
      const user = await t.register()
      expect(user.avatarId).toBe(starterAvatarId(user.userId))
      const owned = await t.call<number[]>('GET', '/api/getAvatarList', { token: user.token })
      expect(owned.body.data).toContain(user.avatarId)
      const again = await t.call<{ avatarId: number }>('GET', '/api/getUser', { token: user.token })
      expect(again.body.data.avatarId).toBe(user.avatarId)
    }
  })

  it('spreads new accounts over every starter avatar, so neighbours seldom share one', () => {
    const drawn = Array.from({ length: 800 }, () => starterAvatarId(crypto.randomUUID()))
    const owned = ownedAvatarIds(1)
    expect(drawn.every((avatarId) => owned.includes(avatarId))).toBe(true)
    // Each of the 8 is drawn about 100 times; fewer than 50 would happen by chance far less than once in a million.
    for (const avatarId of owned) expect(drawn.filter((drawnId) => drawnId === avatarId).length).toBeGreaterThan(50)
    const id = crypto.randomUUID()
    expect(starterAvatarId(id)).toBe(starterAvatarId(id))
  })

  it('refuses a second account with the same e-mail in any case, and changes nothing', async () => {
    await t.register({ email: 'twice@example.com' })
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const { status, body } = await t.call('POST', '/api/register', {
      body: { email: 'TWICE@example.com', name: 'TWICE', password: 'correct horse battery' },
    })
    expect(status).toBe(409)
    expect(body.metadata.message).toBe('An account with this e-mail already exists. Please log in instead.')
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it('makes the name from the e-mail unique and at most 20 characters', async () => {
    const first = await t.call<{ username: string }>('POST', '/api/register', {
      body: {
        email: 'a.very.long.local.part.indeed@example.com',
        name: 'a.very.long.local.part.indeed',
        password: 'correct horse battery',
      },
    })
    const second = await t.call<{ username: string }>('POST', '/api/register', {
      body: {
        email: 'a.very.long.local.part.indeed@example.org',
        name: 'a.very.long.local.part.indeed',
        password: 'correct horse battery',
      },
    })
    expect(first.body.data.username).toBe('a.very.long.local.pa')
    expect(second.body.data.username).toHaveLength(20)
    expect(second.body.data.username).not.toBe(first.body.data.username)
  })

  it.each([
    [{ email: 'no-at-sign', password: 'x' }, /email/],
    [{ email: 'a@b.c', password: 'x' }, /email/],
    [{ email: 'ok@example.com', password: '' }, /password/],
    [{ email: 'ok@example.com' }, /password/],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const { status, body } = await t.call('POST', '/api/register', { body: payload })
    expect(status).toBe(400)
    expect(body.metadata.message).toMatch(field)
  })

  it('never fails because of an unknown friend code or ref, and keeps the ref for attribution', async () => {
    const { status } = await t.call('POST', '/api/register', {
      body: {
        email: 'source@example.com',
        name: 'source',
        password: 'correct horse battery',
        friendCode: 'ZZZZZZ',
        ref: 'podcast-2026',
      },
    })
    expect(status).toBe(200)
    const row = await t.db
      .selectFrom('users')
      .select(['referral_source', 'invited_by'])
      .where('email', '=', 'source@example.com')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ referral_source: 'podcast-2026', invited_by: null })
  })
})

describe('POST /api/login, /api/logout and GET /api/getUser', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('logs in with the e-mail in any case and returns the login fields', async () => {
    const user = await t.register({ email: 'kai@example.com', password: 'lighthouse keeper' })
    const { status, body } = await t.call<Record<string, unknown>>('POST', '/api/login', {
      body: { email: 'KAI@example.com', password: 'lighthouse keeper' },
    })
    expect(status).toBe(200)
    expect(body.metadata.authorized).toBe(true)
    expect(body.data).toEqual({
      authKey: expect.any(String),
      username: user.username,
      email: 'kai@example.com',
      avatarId: user.avatarId,
      digitalCredit: 0,
      physicalCredit: 0,
      friendCode: user.friendCode,
      accountDeletionCancelled: false,
    })
  })

  it('gives a wrong password and an unknown e-mail the same answer', async () => {
    await t.register({ email: 'same@example.com', password: 'the right password' })
    const wrongPassword = await t.call('POST', '/api/login', { body: { email: 'same@example.com', password: 'wrong' } })
    const unknownEmail = await t.call('POST', '/api/login', {
      body: { email: 'nobody@example.com', password: 'the right password' },
    })
    expect(wrongPassword.status).toBe(400)
    expect(unknownEmail.status).toBe(400)
    expect(wrongPassword.body.metadata.message).toBe(unknownEmail.body.metadata.message)
  })

  it('slows down repeated attempts on one account', async () => {
    await t.register({ email: 'guess@example.com', password: 'the right password' })
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await t.call('POST', '/api/login', { body: { email: 'guess@example.com', password: `guess-${i}` } })).status,
      )
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('returns every user field to the session owner', async () => {
    const user = await t.register()
    const { status, body } = await t.call('GET', '/api/getUser', { token: user.token })
    expect(status).toBe(200)
    expect(body.data).toEqual({
      userId: user.userId,
      avatarId: user.avatarId,
      username: user.username,
      email: user.email,
      digitalCredit: 0,
      physicalCredit: 0,
      userLevel: 1,
      userExp: 0,
      expToLevelUp: 100,
      expForCurrentLevel: 0,
      friendCode: user.friendCode,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      userCardStats: { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] },
      memoryCount: 0,
      friendCount: 0,
      emailVerified: false,
    })
  })

  it('revokes the token on logout', async () => {
    const user = await t.register()
    const logout = await t.call('POST', '/api/logout', { token: user.token })
    expect(logout.status).toBe(200)
    expect(logout.body.metadata.authorized).toBe(false)
    const after = await t.call('GET', '/api/getUser', { token: user.token })
    expect(after.status).toBe(401)
  })

  it('refuses an expired token', async () => {
    const user = await t.register()
    await t.db
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.userId)
      .execute()
    const { status } = await t.call('GET', '/api/getUser', { token: user.token })
    expect(status).toBe(401)
  })
})

describe('GET /api/checkNewNotifications', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('is true while the user has unread notifications and false once they are read', async () => {
    const user = await t.register()
    expect((await t.call('GET', '/api/checkNewNotifications', { token: user.token })).body.data).toBe(false)
    const { notify } = await import('@server/features/notifications/service')
    await notify(t.db, user.userId, 'Hello', 'A friend added you.', '/myFriends')
    expect((await t.call('GET', '/api/checkNewNotifications', { token: user.token })).body.data).toBe(true)
    const list = await t.call<{ notificationId: string; read: boolean }[]>('GET', '/api/getNotifications', {
      token: user.token,
    })
    expect(list.body.data).toHaveLength(1)
    await t.call('POST', '/api/readNotification', {
      token: user.token,
      body: { notificationId: present(list.body.data[0], 'the notification').notificationId },
    })
    expect((await t.call('GET', '/api/checkNewNotifications', { token: user.token })).body.data).toBe(false)
  })

  it("does not let one user read another user's notification", async () => {
    const owner = await t.register()
    const other = await t.register()
    const { notify } = await import('@server/features/notifications/service')
    await notify(t.db, owner.userId, 'Hello', 'Private news.', '/myFriends')
    const [row] = await t.db.selectFrom('notifications').select('id').where('user_id', '=', owner.userId).execute()
    const { status } = await t.call('POST', '/api/readNotification', {
      token: other.token,
      body: { notificationId: present(row, "the owner's notification").id },
    })
    expect(status).toBe(404)
    expect((await t.call('GET', '/api/checkNewNotifications', { token: owner.token })).body.data).toBe(true)
  })
})
