import { CONTENT_REQUEST_MAX_LENGTH } from '@shared/constants'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('POST /api/system/requestNewContent', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  }, 60_000)
  afterAll(() => t.close())

  it('stores the request of the user', async () => {
    const user = await t.register()
    const { status, body } = await t.call('POST', '/api/system/requestNewContent', {
      token: user.token,
      body: { requestType: 'New Card Collection', requestContent: '  National parks of Canada  ' },
    })
    expect(status).toBe(200)
    expect(body.data).toBeNull()
    const rows = await t.db
      .selectFrom('content_requests')
      .select(['request_type', 'request_content'])
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toEqual([{ request_type: 'New Card Collection', request_content: 'National parks of Canada' }])
  })

  it('returns 400 with "Please fill in all fields." for a blank detail', async () => {
    const user = await t.register()
    const { status, body } = await t.call('POST', '/api/system/requestNewContent', {
      token: user.token,
      body: { requestType: 'Other', requestContent: '   ' },
    })
    expect(status).toBe(400)
    expect(body.metadata.message).toBe('Please fill in all fields.')
  })

  it('returns 400 for a missing detail, an unknown type or a detail over the limit', async () => {
    const user = await t.register()
    const missing = await t.call('POST', '/api/system/requestNewContent', {
      token: user.token,
      body: { requestType: 'New Card' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.metadata.message).toMatch(/requestContent/)
    const unknownType = await t.call('POST', '/api/system/requestNewContent', {
      token: user.token,
      body: { requestType: 'Refund', requestContent: 'x' },
    })
    expect(unknownType.status).toBe(400)
    const tooLong = await t.call('POST', '/api/system/requestNewContent', {
      token: user.token,
      body: { requestType: 'New Feature', requestContent: 'x'.repeat(CONTENT_REQUEST_MAX_LENGTH + 1) },
    })
    expect(tooLong.status).toBe(400)
    const count = await t.db.selectFrom('content_requests').select('id').where('user_id', '=', user.userId).execute()
    expect(count).toEqual([])
  })

  it('returns 403 for a visitor', async () => {
    const { status } = await t.call('POST', '/api/system/requestNewContent', {
      body: { requestType: 'New Card', requestContent: 'Lisbon' },
    })
    expect(status).toBe(403)
  })

  it('returns 429 after too many requests from one client', async () => {
    const user = await t.register()
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (
          await t.call('POST', '/api/system/requestNewContent', {
            token: user.token,
            body: { requestType: 'New Card', requestContent: `Place ${i}` },
          })
        ).status,
      )
    }
    expect(statuses).toContain(429)
  })
})
