import type { Memory } from '@shared/memories'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory } from '../memories/fixtures'

jest.setTimeout(60_000)

describe('hostile values in requests', () => {
  let t: TestApp
  let owner: TestUser
  let memoryId: string
  beforeAll(async () => {
    t = await buildTestApp()
    owner = await t.register()
    const [cardId] = await cardsOfRarity(t, 1, 1)
    memoryId = await createMemory(t, owner, cardId, { visibility: 2 })
  })
  afterAll(() => t.close())

  async function storedVisibility() {
    const row = await t.db.selectFrom('memories').select('visibility').where('id', '=', memoryId).executeTakeFirst()
    return Number(row?.visibility)
  }

  it.each(['-Infinity', 'Infinity', '1e400', '2', ' 2', 'NaN'])(
    'refuses a body number sent as the string %j and changes nothing',
    async (visibility) => {
      const { status, body } = await t.call('POST', '/api/memory/updateVisibility', {
        token: owner.token,
        body: { memoryId, visibility },
      })
      expect(status).toBe(400)
      expect(body.metadata).toMatchObject({ status: false, errorCode: 'BadRequest' })
      expect(body.metadata.message).toMatch(/visibility/)
      expect(await storedVisibility()).toBe(2)
      const reads = await t.call<Memory[]>('GET', '/api/memory/getMyMemories', { token: owner.token })
      expect(reads.status).toBe(200)
    },
  )

  it.each(['Infinity', '-Infinity', '1e400', '1e1', '0x10', ' 10', '10.0', '', '99999999999'])(
    'refuses the query number %j that is not a plain integer in range',
    async (limit) => {
      const { status, body } = await t.call('GET', `/api/feed/getMemoryFeed?limit=${encodeURIComponent(limit)}`, {
        token: owner.token,
      })
      expect(status).toBe(400)
      expect(body.metadata.message).toMatch(/limit/)
    },
  )

  it('still reads plain integers from the query string', async () => {
    const { status } = await t.call('GET', '/api/feed/getMemoryFeed?limit=10', { token: owner.token })
    expect(status).toBe(200)
  })

  it.each([2147483648, 2 ** 53, -2147483649])('refuses the integer %d beyond a 32-bit column', async (value) => {
    const { status, body } = await t.call('POST', '/api/payment/createPaymentIntent', {
      token: owner.token,
      body: { selectedCreditProduct: value },
    })
    expect(status).toBe(400)
    expect(body.metadata.message).toMatch(/selectedCreditProduct/)
  })

  it.each([
    ['a NUL in a login e-mail', '/api/login', undefined, { email: 'a\u0000b@example.com', password: 'pw' }],
    ['a NUL in a password', '/api/login', undefined, { email: 'a@example.com', password: 'p\u0000w' }],
    ['a NUL in an id', '/api/memory/likeMemory', 'owner', { memoryId: 'x\u0000y' }],
    ['an escape in a friend code', '/api/friends/addFriend', 'owner', { friendCode: 'AB\u001bCDE' }],
    ['a NUL in a comment', '/api/memory/postComment', 'owner', { memoryId: 'm', commentContent: 'hi\u0000' }],
  ])('refuses %s with a 400', async (_case, url, who, body) => {
    const answer = await t.call('POST', url, { token: who ? owner.token : undefined, body })
    expect(answer.status).toBe(400)
    expect(answer.body.metadata).toMatchObject({ status: false, errorCode: 'BadRequest' })
  })

  it('keeps line breaks and tabs in a comment', async () => {
    const { status } = await t.call('POST', '/api/memory/postComment', {
      token: owner.token,
      body: { memoryId, commentContent: 'First line\r\n\tsecond line' },
    })
    expect(status).toBe(200)
  })

  it('refuses a NUL in a query string', async () => {
    const { status } = await t.call('GET', `/api/getCard?cardId=${encodeURIComponent('a\u0000b')}`)
    expect(status).toBe(400)
  })
})
