import type { Notification } from '@shared/notifications'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
}, 60_000)
afterAll(() => t.close())

/** Makes `user` a friend of two newcomers: each sends the user a "New friend" notification. */
async function twoNewFriends(user: TestUser): Promise<void> {
  for (let friend = 0; friend < 2; friend += 1) {
    const other = await t.register()
    await t.call('POST', '/api/friends/addFriend', { token: other.token, body: { friendCode: user.friendCode } })
  }
}

describe('POST /api/readAllNotifications', () => {
  it("marks every unread notification of the traveller read, keeps an earlier read time, and leaves others' alone", async () => {
    const user = await t.register()
    const bystander = await t.register()
    await twoNewFriends(user)
    await twoNewFriends(bystander)
    const before = await t.call<Notification[]>('GET', '/api/getNotifications', { token: user.token })
    const first = before.body.data[0]?.notificationId ?? ''
    await t.call('POST', '/api/readNotification', { token: user.token, body: { notificationId: first } })
    const firstReadAt = (
      await t.db.selectFrom('notifications').select('read_at').where('id', '=', first).executeTakeFirstOrThrow()
    ).read_at

    const { status, body } = await t.call('POST', '/api/readAllNotifications', { token: user.token })
    expect(status).toBe(200)
    expect(body).toMatchObject({ metadata: { status: true }, data: null })

    const after = await t.call<Notification[]>('GET', '/api/getNotifications', { token: user.token })
    expect(after.body.data).toHaveLength(2)
    expect(after.body.data.every((notification) => notification.read)).toBe(true)
    expect((await t.call<boolean>('GET', '/api/checkNewNotifications', { token: user.token })).body.data).toBe(false)
    const rows = await t.db
      .selectFrom('notifications')
      .select(['id', 'read_at', 'user_id'])
      .where('user_id', 'in', [user.userId, bystander.userId])
      .execute()
    expect(rows.find((row) => row.id === first)?.read_at).toBe(firstReadAt)
    expect(rows.filter((row) => row.user_id === user.userId).every((row) => row.read_at != null)).toBe(true)
    expect(rows.filter((row) => row.user_id === bystander.userId).every((row) => row.read_at == null)).toBe(true)
  })

  it('answers the same when nothing is unread', async () => {
    const user = await t.register()
    const { status, body } = await t.call('POST', '/api/readAllNotifications', { token: user.token })
    expect(status).toBe(200)
    expect(body.data).toBeNull()
  })

  it('refuses a visitor (no session: 403, as every login-only call)', async () => {
    const { status } = await t.call('POST', '/api/readAllNotifications')
    expect(status).toBe(403)
  })
})
