import type { ConsoleContentRequest, ContentRequestPage } from '@shared/console'
import type { Notification } from '@shared/notifications'
import { makeOperator, type TestOperator } from '@test/helpers/operator'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

/** The console's content requests (docs/product.md#console): new → answered (a notification) → done, audited. */
let t: TestApp
let operator: TestOperator
let traveller: TestUser
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  operator = await makeOperator(t)
  traveller = await t.register()
})
afterAll(() => t.close())

async function request(content: string): Promise<string> {
  await t.call('POST', '/api/system/requestNewContent', {
    token: traveller.token,
    body: { requestType: 'New Card', requestContent: content },
  })
  const row = await t.db
    .selectFrom('content_requests')
    .select('id')
    .where('request_content', '=', content)
    .executeTakeFirstOrThrow()
  return row.id
}

function list(query = '') {
  return t.call<ContentRequestPage>('GET', `/api/operator/contentRequests${query}`, { token: operator.token })
}

function reply(requestId: string, text: string) {
  return t.call<ConsoleContentRequest>('POST', '/api/operator/contentRequests/reply', {
    token: operator.token,
    body: { requestId, reply: text },
  })
}

function markDone(requestId: string) {
  return t.call<ConsoleContentRequest>('POST', '/api/operator/contentRequests/markDone', {
    token: operator.token,
    body: { requestId },
  })
}

it('lists requests oldest first with their status, filtered by status', async () => {
  const first = await request('A card for Tromsø')
  const second = await request('A collection of lighthouses')
  const all = present((await list()).body.data)
  expect(all.requests.map((row) => row.id)).toEqual(expect.arrayContaining([first, second]))
  expect(present(all.requests.find((row) => row.id === first))).toMatchObject({
    userId: traveller.userId,
    username: traveller.username,
    requestType: 'New Card',
    requestContent: 'A card for Tromsø',
    status: 'new',
    reply: null,
  })
  await markDone(second)
  const open = present((await list('?status=new')).body.data).requests.map((row) => row.id)
  expect(open).toContain(first)
  expect(open).not.toContain(second)
  expect(present((await list('?status=done')).body.data).requests.map((row) => row.id)).toContain(second)
  expect((await list('?status=lost')).status).toBe(400)
})

it('sends a reply to the traveller as a notification, marks it answered, and audits it', async () => {
  const id = await request('Please add Lofoten')
  const answered = await reply(id, '  Lofoten is coming in the spring collection.  ')
  expect(answered.status).toBe(200)
  expect(present(answered.body.data)).toMatchObject({
    status: 'answered',
    reply: 'Lofoten is coming in the spring collection.',
  })
  const notifications = present(
    (await t.call<Notification[]>('GET', '/api/getNotifications', { token: traveller.token })).body.data,
  )
  expect(notifications[0]).toMatchObject({
    title: 'An answer to your request',
    notificationContent: 'About your request (New Card): Lofoten is coming in the spring collection.',
    link: '/requestNewContent',
  })
  const audit = await t.db
    .selectFrom('operator_actions')
    .select(['operator_user_id', 'action', 'target_type'])
    .where('target_id', '=', id)
    .execute()
  expect(audit).toEqual([
    { operator_user_id: operator.userId, action: 'contentRequest.reply', target_type: 'contentRequest' },
  ])
})

it('marks a request done once: a second time, or a reply after, is refused and changes nothing', async () => {
  const id = await request('Antarctica')
  expect((await markDone(id)).body.data).toMatchObject({ status: 'done' })
  const again = await markDone(id)
  expect({ status: again.status, message: again.body.metadata.message }).toEqual({
    status: 409,
    message: 'This request is already done.',
  })
  expect((await reply(id, 'Too late')).status).toBe(409)
  const notifications = present(
    (await t.call<Notification[]>('GET', '/api/getNotifications', { token: traveller.token })).body.data,
  )
  expect(notifications.some((row) => row.notificationContent.includes('Too late'))).toBe(false)
  const audit = await t.db.selectFrom('operator_actions').select('action').where('target_id', '=', id).execute()
  expect(audit).toEqual([{ action: 'contentRequest.done' }])
})

it('lets only one of two operators mark a request done at once', async () => {
  const id = await request('Kyoto in autumn')
  const answers = await Promise.all([markDone(id), markDone(id)])
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
})

it('refuses an unknown request and a blank reply', async () => {
  expect((await reply('no-such-request', 'hello')).status).toBe(404)
  expect((await markDone('no-such-request')).status).toBe(404)
  const id = await request('Something')
  expect((await reply(id, '   ')).status).toBe(400)
})
