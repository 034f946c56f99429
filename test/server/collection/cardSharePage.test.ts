import { ART_VERSION } from '@shared/artVersion'
import { VISIBILITY } from '@shared/constants'
import { nowIso } from '@server/lib/clock'
import { newId } from '@server/lib/random'
import { escapedHtml } from '@test/helpers/html'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

let t: TestApp
let owner: TestUser
let cardId: string
let cardName: string

beforeAll(async () => {
  t = await buildTestApp()
  owner = await t.register()
  const card = await t.db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.id', 'card_sets.name'])
    .where('cards.rarity', '=', 3)
    .orderBy('cards.id')
    .executeTakeFirstOrThrow()
  cardId = card.id
  cardName = card.name
}, 60_000)

afterAll(async () => {
  await t.close()
})

async function giveCopy(): Promise<string> {
  const id = newId()
  await t.db
    .insertInto('user_cards')
    .values({
      id,
      user_id: owner.userId,
      card_id: cardId,
      acquisition: 'draw',
      transaction_id: null,
      created_at: nowIso(),
    })
    .execute()
  return id
}

async function writeMemory(userCardId: string, visibility: number, content: string): Promise<void> {
  const at = nowIso()
  await t.db
    .insertInto('memories')
    .values({
      id: newId(),
      user_id: owner.userId,
      user_card_id: userCardId,
      start_date: '2026-05-01',
      end_date: '2026-05-09',
      content,
      visibility,
      created_at: at,
      updated_at: at,
    })
    .execute()
}

async function sharePage(userCardId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/s/card?shareId=${encodeURIComponent(userCardId)}` })
  return { status: response.statusCode, html: response.body }
}

describe('GET /s/card', () => {
  it('shows the card, its rarity and its owner with an invitation', async () => {
    const userCardId = await giveCopy()
    const { status, html } = await sharePage(userCardId)
    expect(status).toBe(200)
    expect(html).toContain(escapedHtml(cardName))
    expect(html).toContain('Rare')
    expect(html).toContain(escapedHtml(owner.username))
    expect(html).toContain(`/api/image/card?imageId=${encodeURIComponent(cardId)}`)
    expect(html).toContain('class="hero-card"')
    expect(html).toContain(`r=${owner.friendCode}`)
  })

  it('unfolds as a large 1200×630 JPEG preview of the card beside its name, not the 250×350 WebP', async () => {
    const userCardId = await giveCopy()
    const { html } = await sharePage(userCardId)
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]
    // The current picture version in the address, so crawlers and CDNs may keep the preview for good.
    const previewPath = `/api/image/cardPreview?imageId=${encodeURIComponent(cardId)}&v=${ART_VERSION}`
    expect(meta('og:image')?.replaceAll('&amp;', '&')).toBe(`http://wandercards.test${previewPath}`)
    expect(meta('og:image:width')).toBe('1200')
    expect(meta('og:image:height')).toBe('630')
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('twitter:image')).toBe(meta('og:image'))
    // The page itself still shows the card at the top, and not the preview a second time.
    expect(html).not.toContain('<figure class="preview">')

    const image = await t.app.inject({ method: 'GET', url: previewPath })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    const { default: sharp } = await import('sharp')
    const { width, height, format } = await sharp(image.rawPayload).metadata()
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' })
  }, 60_000)

  it('answers an unknown card preview with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/cardPreview?imageId=no-such-card' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ data: null, metadata: { status: false, errorCode: 'NotFound' } })
  })

  it('shows a Public memory with its dates and text', async () => {
    const userCardId = await giveCopy()
    await writeMemory(userCardId, VISIBILITY.Public, 'Sunrise over the <old> harbour')
    const { html } = await sharePage(userCardId)
    expect(html).toContain('Sunrise over the &lt;old&gt; harbour')
    expect(html).toContain('<span class="date">2026-05-01</span> – <span class="date">2026-05-09</span>')
  })

  it('keeps every date on one line, however narrow the phone (no break after a hyphen)', async () => {
    const userCardId = await giveCopy()
    await writeMemory(userCardId, VISIBILITY.Public, 'Back on 2026-05-09, by the night train')
    const { html } = await sharePage(userCardId)
    expect(html).toContain('.date{white-space:nowrap}')
    const collectedOn = nowIso().slice(0, 10)
    expect(html).toContain(`<dd><span class="date">${collectedOn}</span></dd>`)
    expect(html).toContain('Back on <span class="date">2026-05-09</span>, by the night train')
    // Text outside dates, and the link preview's tags, are untouched.
    expect(html).not.toMatch(/content="[^"]*<span/)
  })

  it.each([
    ['Private', VISIBILITY.Private],
    ['Friends', VISIBILITY.Friends],
  ])('keeps a %s memory off the page', async (_name, visibility) => {
    const userCardId = await giveCopy()
    await writeMemory(userCardId, visibility, 'A secret about the lighthouse')
    const { status, html } = await sharePage(userCardId)
    expect(status).toBe(200)
    expect(html).not.toContain('secret about the lighthouse')
    expect(html).not.toContain('2026-05-01')
  })

  it('answers 404 for an unknown copy', async () => {
    const { status } = await sharePage(newId())
    expect(status).toBe(404)
  })
})
