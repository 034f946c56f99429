import type { FreeCardDrawResult, FreeDrawnCard } from '@shared/acquire'

import { buildTestApp, type TestApp } from '../../helpers/server'

// Building a seeded database takes a few seconds on a busy machine.
jest.setTimeout(60_000)

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/public/freeDrawCard', () => {
  it('draws one card for a visitor without taking anything', async () => {
    const response = await t.call<FreeDrawnCard>('GET', '/api/public/freeDrawCard')

    expect(response.status).toBe(200)
    const { transactionId, image, cardName, cardRarity } = response.body.data
    const card = await t.db.selectFrom('cards').select('rarity').where('id', '=', image).executeTakeFirstOrThrow()
    expect(card.rarity).toBe(cardRarity)
    expect(cardName.length).toBeGreaterThan(0)
    const transaction = await t.db
      .selectFrom('draw_transactions')
      .selectAll()
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow()
    expect(transaction).toMatchObject({ kind: 'free', price: 0, user_id: null, claimed_by: null })
  })

  it('returns 429 after the per-client limit', async () => {
    const limited = await buildTestApp({ seed: true })
    try {
      const statuses = []
      for (let i = 0; i < 6; i += 1) statuses.push((await limited.call('GET', '/api/public/freeDrawCard')).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('GET /api/public/getFreeCardDrawResult', () => {
  it('returns the drawn card of an unclaimed free draw', async () => {
    const drawn = (await t.call<FreeDrawnCard>('GET', '/api/public/freeDrawCard')).body.data
    const response = await t.call<FreeCardDrawResult>(
      'GET',
      `/api/public/getFreeCardDrawResult?transactionId=${drawn.transactionId}`,
    )
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ cardRarity: drawn.cardRarity, image: drawn.image, cardName: drawn.cardName })
  })

  it('returns 404 once the free draw is claimed, and for paid or unknown transactions', async () => {
    const drawn = (await t.call<FreeDrawnCard>('GET', '/api/public/freeDrawCard')).body.data
    await t.register({ freeDrawTransactionId: drawn.transactionId })
    expect((await t.call('GET', `/api/public/getFreeCardDrawResult?transactionId=${drawn.transactionId}`)).status).toBe(
      404,
    )
    expect((await t.call('GET', '/api/public/getFreeCardDrawResult?transactionId=unknown')).status).toBe(404)
  })
})

describe('POST /api/register with freeDrawTransactionId', () => {
  it('puts the free card into the new collection once', async () => {
    const drawn = (await t.call<FreeDrawnCard>('GET', '/api/public/freeDrawCard')).body.data

    const first = await t.register({ freeDrawTransactionId: drawn.transactionId })
    const second = await t.register({ freeDrawTransactionId: drawn.transactionId })

    const firstCopies = await t.db.selectFrom('user_cards').selectAll().where('user_id', '=', first.userId).execute()
    expect(firstCopies).toHaveLength(1)
    expect(firstCopies[0]).toMatchObject({
      card_id: drawn.image,
      acquisition: 'free_draw',
      transaction_id: drawn.transactionId,
    })
    const secondCopies = await t.db.selectFrom('user_cards').select('id').where('user_id', '=', second.userId).execute()
    expect(secondCopies).toHaveLength(0)
    const copies = await t.db
      .selectFrom('user_cards')
      .select('id')
      .where('transaction_id', '=', drawn.transactionId)
      .execute()
    expect(copies).toHaveLength(1)
  })
})
