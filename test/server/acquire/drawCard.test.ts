import type { CardDrawResult, DrawCardResult } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import { drawCard } from '@server/features/acquire/service'
import { ledgerSums } from '@server/features/wallet/ledger'

import { buildTestApp, type TestApp } from '../../helpers/server'

import { digitalBalance, giveDigitalCredit } from './helpers'

// Building a seeded database takes a few seconds on a busy machine.
jest.setTimeout(60_000)

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const { priceDigitalCardDraw, priceDigitalCardTenDraws } = ECONOMY.prices

describe('GET /api/drawCard', () => {
  it('draws one card, debits the price and returns the transaction as shareId', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardDraw)

    const response = await t.call<DrawCardResult>('GET', '/api/drawCard', { token: user.token })

    expect(response.status).toBe(200)
    const { shareId, userData, expGainResult } = response.body.data
    expect(userData.digitalCredit).toBe(0)
    const items = await t.db.selectFrom('draw_items').selectAll().where('transaction_id', '=', shareId).execute()
    expect(items).toHaveLength(1)
    const transaction = await t.db
      .selectFrom('draw_transactions')
      .selectAll()
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow()
    expect(transaction).toMatchObject({ user_id: user.userId, kind: 'draw', price: priceDigitalCardDraw })
    expect(JSON.parse(transaction.exp_gain_result ?? '{}')).toEqual(expGainResult)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(0)
  })

  it('gives ten items for tenDraws=1', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardTenDraws)

    const draw = await t.call<DrawCardResult>('GET', '/api/drawCard?tenDraws=1', { token: user.token })
    expect(draw.status).toBe(200)
    const result = await t.call<CardDrawResult>(
      'GET',
      `/api/getCardDrawResult?transactionId=${draw.body.data.shareId}`,
      { token: user.token },
    )

    expect(result.status).toBe(200)
    const data = result.body.data
    expect(data.shareId).toBe(draw.body.data.shareId)
    expect(data.tenDraws).toBe(true)
    expect(data.cardList.length + (data.certificate ? 1 : 0)).toBe(10)
    expect(data.highestRarity).toBe(Math.max(...data.cardList.map((card) => card.cardRarity)))
    expect(data.expGainResult).toEqual(draw.body.data.expGainResult)
    const expected = data.cardList.reduce(
      (sum, card) => sum + ECONOMY.experience[card.cardRarity as 1 | 2 | 3 | 4 | 5],
      0,
    )
    expect(data.expGainResult.expGained).toBe(expected)
    const copies = await t.db
      .selectFrom('user_cards')
      .select(['id', 'card_id'])
      .where('user_id', '=', user.userId)
      .execute()
    expect(copies).toHaveLength(data.cardList.length)
  })

  it('flags a card drawn twice in one ten-draw as new both times when it was not owned before', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardTenDraws)
    // The middle of every roll: no certificate, and the same Common card for every Common slot.
    const middle = (max: number) => Math.floor(max / 2)
    const { shareId } = await t.db
      .transaction()
      .execute((trx) => drawCard(trx, t.app.catalogue, user.userId, true, middle))
    const items = await t.db
      .selectFrom('draw_items')
      .select(['card_id', 'is_new'])
      .where('transaction_id', '=', shareId)
      .execute()
    const [repeated] = items
    expect(items.filter((item) => item.card_id === repeated?.card_id).length).toBeGreaterThan(1)
    expect(items.map((item) => item.is_new)).toEqual(Array(items.length).fill(1))
  })

  it('flags as new only cards the user did not own before the draw', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardTenDraws)
    const draw = await t.call<DrawCardResult>('GET', '/api/drawCard?tenDraws=1', { token: user.token })
    const { cardList } = (
      await t.call<CardDrawResult>('GET', `/api/getCardDrawResult?transactionId=${draw.body.data.shareId}`, {
        token: user.token,
      })
    ).body.data
    expect(cardList.every((card) => card.isNew)).toBe(true)

    // Every card of the first draw is now owned: drawing them again is not new.
    const ownedIds = new Set(cardList.map((card) => card.cardId))
    await giveDigitalCredit(t, user.userId, priceDigitalCardTenDraws)
    const again = await t.call<DrawCardResult>('GET', '/api/drawCard?tenDraws=1', { token: user.token })
    const second = (
      await t.call<CardDrawResult>('GET', `/api/getCardDrawResult?transactionId=${again.body.data.shareId}`, {
        token: user.token,
      })
    ).body.data
    for (const card of second.cardList) expect(card.isNew).toBe(!ownedIds.has(card.cardId))
  })

  it('returns 422 InsufficientCredit and writes nothing when the balance is short', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 1_000)
    const response = await t.call('GET', '/api/drawCard?tenDraws=1', { token: user.token })
    expect(response.status).toBe(422)
    expect(response.body.metadata).toMatchObject({
      errorCode: 'InsufficientCredit',
      message: `Insufficient credit: ${priceDigitalCardTenDraws - 1_000} more needed.`,
    })
    expect(await digitalBalance(t, user.userId)).toBe(1_000)
    const transactions = await t.db
      .selectFrom('draw_transactions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(transactions).toHaveLength(0)
  })

  it('returns 403 to a visitor', async () => {
    const response = await t.call('GET', '/api/drawCard')
    expect(response.status).toBe(403)
    expect(response.body.metadata.errorCode).toBe('LoginRequired')
  })

  it('lets 50 concurrent draws spend exactly the credit for 10', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 10 * priceDigitalCardDraw)

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.call('GET', '/api/drawCard', { token: user.token })),
    )

    expect(responses.filter((response) => response.status === 200)).toHaveLength(10)
    expect(responses.filter((response) => response.status === 422)).toHaveLength(40)
    expect(await digitalBalance(t, user.userId)).toBe(0)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(0)
    const transactions = await t.db
      .selectFrom('draw_transactions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(transactions).toHaveLength(10)
  })
})

describe('GET /api/getCardDrawResult', () => {
  it("returns 404 for another user's draw", async () => {
    const drawer = await t.register()
    const other = await t.register()
    await giveDigitalCredit(t, drawer.userId, priceDigitalCardDraw)
    const draw = await t.call<DrawCardResult>('GET', '/api/drawCard', { token: drawer.token })

    const response = await t.call('GET', `/api/getCardDrawResult?transactionId=${draw.body.data.shareId}`, {
      token: other.token,
    })

    expect(response.status).toBe(404)
  })

  it('returns the certificate drawn in place of a card', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, priceDigitalCardDraw)
    // The lowest roll everywhere lands in the certificate chance, so this one-card draw holds a certificate instead.
    const draw = await t.db.transaction().execute((trx) => drawCard(trx, t.app.catalogue, user.userId, false, () => 0))

    const response = await t.call<CardDrawResult>('GET', `/api/getCardDrawResult?transactionId=${draw.shareId}`, {
      token: user.token,
    })

    const certificate = await t.db
      .selectFrom('credit_certificates')
      .selectAll()
      .where('source', '=', 'draw')
      .where('source_ref', '=', draw.shareId)
      .executeTakeFirstOrThrow()
    expect(response.body.data).toEqual({
      shareId: draw.shareId,
      cardList: [],
      highestRarity: 0,
      tenDraws: false,
      certificate: {
        creditCertificateId: certificate.id,
        creditValue: ECONOMY.certificateValues[0].creditValue,
        redeemCode: certificate.redeem_code,
        redeemed: false,
      },
      expGainResult: { ...draw.expGainResult, expGained: 0 },
    })
    expect(certificate.user_id).toBe(user.userId)
  })
})
