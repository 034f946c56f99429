import type { DrawCardResult } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import { drawCard } from '@server/features/acquire/service'
import { escapedHtml } from '@test/helpers/html'

import { buildTestApp, type TestApp, type TestUser } from '../../helpers/server'

import { giveDigitalCredit } from './helpers'

jest.setTimeout(60_000)

let t: TestApp
let drawer: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  drawer = await t.register()
})
afterAll(async () => {
  await t.close()
})

describe('GET /s/draw', () => {
  it('shows who drew which cards', async () => {
    await giveDigitalCredit(t, drawer.userId, ECONOMY.prices.priceDigitalCardTenDraws)
    const draw = await t.call<DrawCardResult>('GET', '/api/drawCard?tenDraws=1', { token: drawer.token })
    const card = await t.db
      .selectFrom('draw_items')
      .innerJoin('cards', 'cards.id', 'draw_items.card_id')
      .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
      .select(['card_sets.name'])
      .where('draw_items.transaction_id', '=', draw.body.data.shareId)
      .executeTakeFirstOrThrow()

    const response = await t.app.inject({ method: 'GET', url: `/s/draw?shareId=${draw.body.data.shareId}` })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain(drawer.username)
    expect(response.body).toContain('10-card draw')
    // Place names carry apostrophes and ampersands (Homyel', Trinidad & Tobago).
    expect(response.body).toContain(escapedHtml(card.name))
    // The link unfolds as the best card's large preview.
    expect(response.body).toMatch(/<meta property="og:image" content="[^"]*\/api\/image\/cardPreview\?imageId=[^"]+">/)
    expect(response.body).toContain('<meta name="twitter:card" content="summary_large_image">')
  })

  it('never shows the code of a certificate drawn with it', async () => {
    await giveDigitalCredit(t, drawer.userId, ECONOMY.prices.priceDigitalCardDraw)
    const draw = await t.db
      .transaction()
      .execute((trx) => drawCard(trx, t.app.catalogue, drawer.userId, false, () => 0))
    const certificate = await t.db
      .selectFrom('credit_certificates')
      .select('redeem_code')
      .where('source_ref', '=', draw.shareId)
      .executeTakeFirstOrThrow()

    const response = await t.app.inject({ method: 'GET', url: `/s/draw?shareId=${draw.shareId}` })

    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain(certificate.redeem_code)
  })

  it('answers 404 for a free draw or an unknown id', async () => {
    const free = await t.call<{ transactionId: string }>('GET', '/api/public/freeDrawCard')
    expect(
      (await t.app.inject({ method: 'GET', url: `/s/draw?shareId=${free.body.data.transactionId}` })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/s/draw?shareId=nothing' })).statusCode).toBe(404)
  })
})
