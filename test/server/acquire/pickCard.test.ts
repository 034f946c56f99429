import type { PickCardResult } from '@shared/acquire'
import { ECONOMY, levelForExperience } from '@shared/constants'
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

async function cardOfRarity(rarity: number): Promise<string> {
  const card = await t.db
    .selectFrom('cards')
    .select('id')
    .where('rarity', '=', rarity)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return card.id
}

describe('GET /api/getPrices', () => {
  it('returns the eight published prices to visitors', async () => {
    const response = await t.call('GET', '/api/getPrices')
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual(ECONOMY.prices)
  })
})

describe('POST /api/pickCard', () => {
  it('debits the price, adds the copy and the experience in one go', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 5_000)
    const cardId = await cardOfRarity(2)

    const response = await t.call<PickCardResult>('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: cardId },
    })

    expect(response.status).toBe(200)
    const data = response.body.data
    expect(data.result).toBe(true)
    expect(data.cardResult).toMatchObject({ cardId, cardRarity: 2, image: cardId, alreadyOwned: false })
    expect(data.userData.digitalCredit).toBe(5_000 - ECONOMY.prices.priceDigitalCardPickSpecial)
    const gained = ECONOMY.experience[2]
    expect(data.expGainResult).toEqual({ expGained: gained, expEnd: gained, ...pickLevel(gained), levelUp: false })
    const copy = await t.db
      .selectFrom('user_cards')
      .selectAll()
      .where('id', '=', data.cardResult.userCardId)
      .executeTakeFirstOrThrow()
    expect(copy).toMatchObject({ user_id: user.userId, card_id: cardId, acquisition: 'pick' })
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(await digitalBalance(t, user.userId))
  })

  it('reports alreadyOwned for a second copy of the same card', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 5_000)
    const cardId = await cardOfRarity(1)
    await t.call('POST', '/api/pickCard', { token: user.token, body: { selectedCardId: cardId } })
    const second = await t.call<PickCardResult>('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: cardId },
    })
    expect(second.body.data.cardResult.alreadyOwned).toBe(true)
    expect(second.body.data.userData.digitalCredit).toBe(5_000 - 2 * ECONOMY.prices.priceDigitalCardPickCommon)
  })

  it('reports alreadyOwned when the copy held has no transaction recorded', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 5_000)
    const cardId = await cardOfRarity(1)
    // The column allows a copy without a transaction; such a copy is owned all the same.
    await t.db
      .insertInto('user_cards')
      .values({
        id: 'copy-without-purchase',
        user_id: user.userId,
        card_id: cardId,
        acquisition: 'gift',
        transaction_id: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    const pick = await t.call<PickCardResult>('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: cardId },
    })
    expect(pick.body.data.cardResult.alreadyOwned).toBe(true)
  })

  it('returns 422 for a card of rarity 3 and takes nothing', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 50_000)
    const response = await t.call('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: await cardOfRarity(3) },
    })
    expect(response.status).toBe(422)
    expect(response.body.metadata.errorCode).toBe('RuleViolation')
    expect(await digitalBalance(t, user.userId)).toBe(50_000)
  })

  it('returns 422 InsufficientCredit with the missing amount and writes nothing', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 400)
    const response = await t.call('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: await cardOfRarity(1) },
    })
    expect(response.status).toBe(422)
    expect(response.body.metadata.errorCode).toBe('InsufficientCredit')
    expect(response.body.metadata.message).toContain(String(ECONOMY.prices.priceDigitalCardPickCommon - 400))
    const copies = await t.db.selectFrom('user_cards').select('id').where('user_id', '=', user.userId).execute()
    expect(copies).toHaveLength(0)
    const user2 = await t.db
      .selectFrom('users')
      .select('experience')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(user2.experience).toBe(0)
  })

  it('reports levelUp with the bounds of the level reached', async () => {
    const user = await t.register()
    await giveDigitalCredit(t, user.userId, 5_000)
    await t.db.updateTable('users').set({ experience: 95 }).where('id', '=', user.userId).execute()
    const response = await t.call<PickCardResult>('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: await cardOfRarity(1) },
    })
    expect(response.body.data.expGainResult).toEqual({
      expGained: 10,
      expEnd: 105,
      userLevel: 2,
      expForCurrentLevel: 100,
      expToLevelUp: 200,
      levelUp: true,
    })
  })

  it('returns 404 for an unknown card', async () => {
    const user = await t.register()
    const response = await t.call('POST', '/api/pickCard', {
      token: user.token,
      body: { selectedCardId: 'no-such-card' },
    })
    expect(response.status).toBe(404)
  })

  it('returns 403 to a visitor', async () => {
    const response = await t.call('POST', '/api/pickCard', { body: { selectedCardId: await cardOfRarity(1) } })
    expect(response.status).toBe(403)
  })
})

function pickLevel(exp: number) {
  const { userLevel, expForCurrentLevel, expToLevelUp } = levelForExperience(exp)
  return { userLevel, expForCurrentLevel, expToLevelUp }
}
