import type { Memory } from '@shared/memories'
import { validatorCompiler } from '@server/lib/validation'
import { contractRoutes, type JsonSchema } from '@test/helpers/contractRoutes'
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

  it.each([
    ['a lone high surrogate', 'Porto \ud800 at dusk'],
    ['a lone low surrogate', 'Porto \udc00'],
    ['a pair in the wrong order', '\udc00\ud800'],
  ])('refuses %s in a comment with a 400 naming the field, and stores nothing', async (_case, commentContent) => {
    const { status, body } = await t.call('POST', '/api/memory/postComment', {
      token: owner.token,
      body: { memoryId, commentContent },
    })
    expect(status).toBe(400)
    expect(body.metadata).toMatchObject({ status: false, errorCode: 'BadRequest' })
    expect(body.metadata.message).toMatch(/commentContent/)
    const stored = await t.db
      .selectFrom('memory_comments')
      .select('content')
      .where('memory_id', '=', memoryId)
      .where('content', 'like', '%Porto%')
      .execute()
    expect(stored).toEqual([])
  })

  it('keeps whole surrogate pairs: an emoji is stored and read back as sent, on either database', async () => {
    const commentContent = 'Sunset 🌅 over the Douro 🏳️‍🌈'
    const { status } = await t.call('POST', '/api/memory/postComment', {
      token: owner.token,
      body: { memoryId, commentContent },
    })
    expect(status).toBe(200)
    const { body } = await t.call<Memory>('GET', `/api/memory/getMemory?memoryId=${memoryId}`, { token: owner.token })
    expect(body.data.comments.map((comment) => comment.commentContent)).toContain(commentContent)
  })

  it('refuses a lone surrogate in every string field of every call', () => {
    const accepting: string[] = []
    let fields = 0
    for (const route of contractRoutes(t.app)) {
      for (const [part, schema] of [
        ['query', route.query],
        ['body', route.body],
      ] as const) {
        for (const [field, stringSchema] of stringFields(schema, part)) {
          fields += 1
          const validate = validatorCompiler({
            schema: stringSchema,
            method: route.method,
            url: route.url,
            httpPart: 'body',
          })
          for (const value of ['\ud800', 'a\udfff', '\udc00\ud800'])
            if (validate(value) === true)
              accepting.push(`${route.method} ${route.url} ${field}: ${JSON.stringify(value)}`)
        }
      }
    }
    expect(fields).toBeGreaterThan(50)
    expect(accepting).toEqual([])
  })

  it('refuses a NUL in a query string', async () => {
    const { status } = await t.call('GET', `/api/getCard?cardId=${encodeURIComponent('a\u0000b')}`)
    expect(status).toBe(400)
  })
})

/** Every string a request schema holds, with where it is (`body.memoryPictures[]`). */
function stringFields(schema: JsonSchema | null | undefined, at: string): [string, JsonSchema][] {
  if (!schema) return []
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  return [
    ...(types.includes('string') ? [[at, schema] as [string, JsonSchema]] : []),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) => stringFields(property, `${at}.${name}`)),
    ...stringFields(schema.items, `${at}[]`),
    ...(schema.anyOf ?? []).flatMap((option) => stringFields(option, at)),
  ]
}
