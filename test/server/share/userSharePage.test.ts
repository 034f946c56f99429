import { escapedHtml } from '@test/helpers/html'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)
  return match?.[1]
}

describe('GET /s/user', () => {
  let t: TestApp
  let owner: TestUser
  let cardName: string

  beforeAll(async () => {
    t = await buildTestApp()
    owner = await t.register()
    const card = await t.db
      .selectFrom('cards')
      .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
      .select(['cards.id', 'card_sets.name'])
      .where('cards.rarity', '=', 4)
      .executeTakeFirstOrThrow()
    cardName = card.name
    const createdAt = new Date().toISOString()
    await t.db
      .insertInto('user_cards')
      .values(
        [1, 2, 3].map((copy) => ({
          id: `share-uc-${copy}`,
          user_id: owner.userId,
          card_id: card.id,
          acquisition: 'pick',
          transaction_id: null,
          created_at: createdAt,
        })),
      )
      .execute()
    await t.db
      .insertInto('memories')
      .values([
        {
          id: 'm-public',
          user_id: owner.userId,
          user_card_id: 'share-uc-1',
          start_date: null,
          end_date: null,
          content: 'A public day out',
          visibility: 3,
          created_at: createdAt,
          updated_at: createdAt,
        },
        {
          id: 'm-private',
          user_id: owner.userId,
          user_card_id: 'share-uc-2',
          start_date: null,
          end_date: null,
          content: 'SECRET diary entry',
          visibility: 1,
          created_at: createdAt,
          updated_at: createdAt,
        },
        {
          id: 'm-friends',
          user_id: owner.userId,
          user_card_id: 'share-uc-3',
          start_date: null,
          end_date: null,
          content: 'FRIENDS-ONLY note',
          visibility: 2,
          created_at: createdAt,
          updated_at: createdAt,
        },
      ])
      .execute()
  }, 60_000)
  afterAll(() => t.close())

  it('renders Open Graph and Twitter tags with an absolute image URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${owner.friendCode}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const html = response.body
    expect(metaContent(html, 'og:title')).toBe(`${owner.username}&#39;s travel cards on Wandercards`)
    expect(metaContent(html, 'og:description')).toContain('3 travel cards in 1 collection')
    expect(metaContent(html, 'og:image')).toMatch(
      new RegExp(`^http://wandercards\\.test/api/image/travelMap\\?shareId=${owner.friendCode}&amp;v=[\\w-]+$`),
    )
    expect(metaContent(html, 'og:image:width')).toBe('1200')
    expect(metaContent(html, 'og:url')).toBe(`http://wandercards.test/s/user?shareId=${owner.friendCode}`)
    expect(metaContent(html, 'og:type')).toBe('profile')
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image')
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'))
    expect(metaContent(html, 'twitter:title')).toBe(metaContent(html, 'og:title'))
  })

  it('shows the public profile with a sign-up link carrying the friend code', async () => {
    const { body: html } = await t.app.inject({
      method: 'GET',
      url: `/s/user?shareId=${owner.friendCode.toLowerCase()}`,
    })
    expect(html).toContain(`<h1>${owner.username}</h1>`)
    expect(html).toContain(`href="http://wandercards.test/?r=${owner.friendCode}"`)
    expect(html).toContain(escapedHtml(cardName))
    expect(html).toContain(`src="http://wandercards.test/api/image/card?imageId=`)
    expect(html).toMatch(/Public memories<\/dt><dd>1<\/dd>/)
  })

  it('leaks nothing private: no e-mail, credit or non-public memory', async () => {
    const { body: html } = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${owner.friendCode}` })
    expect(html).not.toContain(owner.email)
    expect(html).not.toContain('SECRET')
    expect(html).not.toContain('FRIENDS-ONLY')
    expect(html).not.toMatch(/credit<\/dt>/i)
  })

  it('escapes user text', async () => {
    const other = await t.register()
    await t.db.updateTable('users').set({ username: '<b>"Eve"</b>' }).where('id', '=', other.userId).execute()
    const { body: html } = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${other.friendCode}` })
    expect(html).not.toContain('<b>"Eve"</b>')
    expect(html).toContain('&lt;b&gt;&quot;Eve&quot;&lt;/b&gt;')
  })

  it('answers an unknown, missing or malformed share id with a friendly 404 page', async () => {
    for (const url of [
      '/s/user?shareId=ZZZZZZ',
      '/s/user',
      '/s/user?shareId=%3Cscript%3E',
      '/s/nothingHere?shareId=ABC',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain('This link leads nowhere (yet)')
      expect(response.body).not.toContain('<script>')
    }
  })

  it('needs no api key and no login', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${owner.friendCode}`, headers: {} })
    expect(response.statusCode).toBe(200)
  })
})

describe('GET /user on a separate share host', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { SHARE_BASE_URL: 'https://share.wandercards.test' } })
  }, 60_000)
  afterAll(() => t.close())

  it('serves the page at the host root and links back to PUBLIC_URL', async () => {
    const user = await t.register()
    const response = await t.app.inject({ method: 'GET', url: `/user?shareId=${user.friendCode}` })
    expect(response.statusCode).toBe(200)
    expect(metaContent(response.body, 'og:url')).toBe(`https://share.wandercards.test/user?shareId=${user.friendCode}`)
    // The preview image is the traveller's map, served by the app itself.
    expect(metaContent(response.body, 'og:image')).toMatch(
      new RegExp(`^http://wandercards\\.test/api/image/travelMap\\?shareId=${user.friendCode}&amp;v=`),
    )
    expect(response.headers['content-security-policy']).toContain("img-src 'self' http://wandercards.test")
  })
})
