import { AVATAR_COUNT, ownedAvatarIds } from '@shared/constants'
import type { UpdateProfileResult } from '@shared/session'
import { buildTestApp, type TestApp } from '@test/helpers/server'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
}, 60_000)
afterAll(() => t.close())

describe('GET /api/getAvatarList', () => {
  it('gives a new user the starter avatars, avatar 1 included', async () => {
    const user = await t.register()
    const { status, body } = await t.call<number[]>('GET', '/api/getAvatarList', { token: user.token })
    expect(status).toBe(200)
    expect(body.data).toEqual(ownedAvatarIds(1))
    expect(body.data).toContain(1)
  })

  it('unlocks more avatars as the level rises', async () => {
    const user = await t.register()
    await t.db.updateTable('users').set({ experience: 300 }).where('id', '=', user.userId).execute()
    const { body } = await t.call<number[]>('GET', '/api/getAvatarList', { token: user.token })
    expect(body.data.length).toBeGreaterThan(ownedAvatarIds(1).length)
    expect(body.data).toEqual(ownedAvatarIds(3))
  })
})

describe('POST /api/account/updateProfile', () => {
  it('changes the username and avatar', async () => {
    const user = await t.register()
    const { status, body } = await t.call<UpdateProfileResult>('POST', '/api/account/updateProfile', {
      token: user.token,
      body: { newUsername: 'Globe Trotter', newAvatarId: 3 },
    })
    expect(status).toBe(200)
    expect(body.data).toEqual({ username: 'Globe Trotter', avatarId: 3 })
    const row = await t.db
      .selectFrom('users')
      .select(['username', 'avatar_id'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ username: 'Globe Trotter', avatar_id: 3 })
  })

  it('returns 422 for an avatar the user does not own', async () => {
    const user = await t.register()
    const before = await t.db
      .selectFrom('users')
      .select('avatar_id')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    const { status } = await t.call('POST', '/api/account/updateProfile', {
      token: user.token,
      body: { newUsername: user.username, newAvatarId: AVATAR_COUNT },
    })
    expect(status).toBe(422)
    const row = await t.db
      .selectFrom('users')
      .select('avatar_id')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.avatar_id).toBe(before.avatar_id)
  })

  it('returns 400 for a username over 20 characters', async () => {
    const user = await t.register()
    const { status, body } = await t.call('POST', '/api/account/updateProfile', {
      token: user.token,
      body: { newUsername: 'x'.repeat(21), newAvatarId: 1 },
    })
    expect(status).toBe(400)
    expect(body.metadata.message).toMatch(/newUsername/)
  })

  it('returns 409 naming the username when another user has it, in any case', async () => {
    const first = await t.register()
    const second = await t.register()
    const { status, body } = await t.call('POST', '/api/account/updateProfile', {
      token: second.token,
      body: { newUsername: first.username.toUpperCase(), newAvatarId: 1 },
    })
    expect(status).toBe(409)
    expect(body.metadata.message).toBe(`The username ${first.username.toUpperCase()} is already taken.`)
  })

  it('returns 403 for a visitor', async () => {
    const { status } = await t.call('POST', '/api/account/updateProfile', {
      body: { newUsername: 'someone', newAvatarId: 1 },
    })
    expect(status).toBe(403)
  })
})

describe('usernames under concurrency', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('lets only one of two users take a name at the same time, whatever its case', async () => {
    const [first, second] = [await t.register(), await t.register()]
    const answers = await Promise.all([
      t.call('POST', '/api/account/updateProfile', {
        token: first.token,
        body: { newUsername: 'Harbour', newAvatarId: 1 },
      }),
      t.call('POST', '/api/account/updateProfile', {
        token: second.token,
        body: { newUsername: 'harbour', newAvatarId: 1 },
      }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)
    expect(refused?.body.metadata.message).toMatch(/^The username (H|h)arbour is already taken\.$/)
  })
})
