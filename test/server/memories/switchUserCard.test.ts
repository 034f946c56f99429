import { ECONOMY } from '@shared/constants'
import type { SwitchUserCardResult, TransferrableCards } from '@shared/memories'
import { TEXTS } from '@shared/texts'
import { ledgerSums } from '@server/features/wallet/ledger'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy, grantDigitalCredit, type Strings } from './fixtures'

let t: TestApp
let cardIds: Strings<2>
beforeAll(async () => {
  t = await buildTestApp()
  cardIds = await cardsOfRarity(t, 3, 2)
}, 60_000)
afterAll(() => t.close())

async function cardSetOf(cardId: string): Promise<string> {
  return (await t.db.selectFrom('cards').select('card_set_id').where('id', '=', cardId).executeTakeFirstOrThrow())
    .card_set_id
}

async function memoryCopy(memoryId: string): Promise<string> {
  return (await t.db.selectFrom('memories').select('user_card_id').where('id', '=', memoryId).executeTakeFirstOrThrow())
    .user_card_id
}

async function digitalCredit(user: TestUser): Promise<number> {
  return (
    await t.db.selectFrom('users').select('digital_credit').where('id', '=', user.userId).executeTakeFirstOrThrow()
  ).digital_credit
}

describe('POST /api/memory/switchUserCard', () => {
  it('moves the memory to another copy of the same card for free', async () => {
    const user = await t.register()
    const memoryId = await createMemory(t, user, cardIds[0])
    const from = await memoryCopy(memoryId)
    const to = await giveCopy(t, user.userId, cardIds[0])
    const before = await digitalCredit(user)
    const { status, body } = await t.call<SwitchUserCardResult>('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: from, newUserCardId: to },
    })
    expect(status).toBe(200)
    expect(body.data.newUserCardId).toBe(to)
    expect(await memoryCopy(memoryId)).toBe(to)
    expect(await digitalCredit(user)).toBe(before)
    expect(await t.db.selectFrom('user_cards').select('id').where('id', '=', from).executeTakeFirst()).toBeDefined()
  })

  it('returns 409 when the chosen copy already has a memory', async () => {
    const user = await t.register()
    const first = await createMemory(t, user, cardIds[0])
    const second = await createMemory(t, user, cardIds[0])
    const { status, body } = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId: first, userCardId: await memoryCopy(first), newUserCardId: await memoryCopy(second) },
    })
    expect(status).toBe(409)
    expect(body.metadata.message).toMatch(/already has a memory associated/)
  })

  it('returns 400 for a free switch to a copy of another card', async () => {
    const user = await t.register()
    const memoryId = await createMemory(t, user, cardIds[0])
    const other = await giveCopy(t, user.userId, cardIds[1])
    const { status } = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: await memoryCopy(memoryId), newUserCardId: other },
    })
    expect(status).toBe(400)
  })

  it('returns 404 for a copy owned by someone else', async () => {
    const user = await t.register()
    const other = await t.register()
    const memoryId = await createMemory(t, user, cardIds[0])
    const theirs = await giveCopy(t, other.userId, cardIds[0])
    const { status, body } = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: await memoryCopy(memoryId), newUserCardId: theirs },
    })
    expect(status).toBe(404)
    expect(body.metadata.message).toBe(TEXTS.userCardNotFound)
  })

  it('transfers to another card set for the cost: a new copy of the same rarity holds the memory, the old copy is gone', async () => {
    const user = await t.register()
    await grantDigitalCredit(t, user.userId, ECONOMY.memoryTransferCost + 500)
    const memoryId = await createMemory(t, user, cardIds[0])
    const from = await memoryCopy(memoryId)
    const before = await digitalCredit(user)
    const targetSet = await cardSetOf(cardIds[1])
    const { status, body } = await t.call<SwitchUserCardResult>('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: from, newCardSetId: targetSet },
    })
    expect(status).toBe(200)
    expect(body.data.userData.digitalCredit).toBe(before - ECONOMY.memoryTransferCost)
    const copy = await t.db
      .selectFrom('user_cards')
      .selectAll()
      .where('id', '=', body.data.newUserCardId)
      .executeTakeFirstOrThrow()
    expect(copy).toMatchObject({ user_id: user.userId, card_id: cardIds[1], acquisition: 'transfer' })
    expect(await memoryCopy(memoryId)).toBe(copy.id)
    expect(await t.db.selectFrom('user_cards').select('id').where('id', '=', from).executeTakeFirst()).toBeUndefined()
    const sums = await ledgerSums(t.db, user.userId)
    expect(sums.digital).toBe(await digitalCredit(user))
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', user.userId)
      .where('reason', '=', 'memory_transfer')
      .execute()
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ amount: -ECONOMY.memoryTransferCost, reference: copy.transaction_id })
  })

  it('returns 422 with too little credit and moves nothing', async () => {
    const user = await t.register()
    const memoryId = await createMemory(t, user, cardIds[0])
    const from = await memoryCopy(memoryId)
    await t.db.updateTable('users').set({ digital_credit: 0 }).where('id', '=', user.userId).execute()
    await t.db.deleteFrom('credit_ledger').where('user_id', '=', user.userId).execute()
    const copiesBefore = await t.db.selectFrom('user_cards').select('id').where('user_id', '=', user.userId).execute()
    const { status } = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: from, newCardSetId: await cardSetOf(cardIds[1]) },
    })
    expect(status).toBe(422)
    expect(await memoryCopy(memoryId)).toBe(from)
    expect(await t.db.selectFrom('user_cards').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      copiesBefore,
    )
    expect(await digitalCredit(user)).toBe(0)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(0)
  })

  it('charges one of two simultaneous transfers of one memory; the other changes nothing', async () => {
    const user = await t.register()
    await grantDigitalCredit(t, user.userId, ECONOMY.memoryTransferCost * 3)
    const memoryId = await createMemory(t, user, cardIds[0])
    const from = await memoryCopy(memoryId)
    const before = await digitalCredit(user)
    const targetSet = await cardSetOf(cardIds[1])
    const results = await Promise.all(
      [1, 2].map(() =>
        t.call('POST', '/api/memory/switchUserCard', {
          token: user.token,
          body: { memoryId, userCardId: from, newCardSetId: targetSet },
        }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await digitalCredit(user)).toBe(before - ECONOMY.memoryTransferCost)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(await digitalCredit(user))
    const copies = await t.db.selectFrom('user_cards').select('card_id').where('user_id', '=', user.userId).execute()
    expect(copies).toEqual([{ card_id: cardIds[1] }])
  })

  it('returns 409 when the memory is no longer on the given copy', async () => {
    const user = await t.register()
    const memoryId = await createMemory(t, user, cardIds[0])
    const stale = await giveCopy(t, user.userId, cardIds[0])
    const to = await giveCopy(t, user.userId, cardIds[0])
    const { status } = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: stale, newUserCardId: to },
    })
    expect(status).toBe(409)
  })

  it('returns 400 unless exactly one target is given', async () => {
    const user = await t.register()
    const memoryId = await createMemory(t, user, cardIds[0])
    const { status } = await t.call('POST', '/api/memory/switchUserCard', {
      token: user.token,
      body: { memoryId, userCardId: await memoryCopy(memoryId) },
    })
    expect(status).toBe(400)
  })
})

describe('GET /api/cards/getTransferrableCards', () => {
  it('lists every other card set with its card of the same rarity, and the cost', async () => {
    const user = await t.register()
    const { status, body } = await t.call<TransferrableCards>(
      'GET',
      `/api/cards/getTransferrableCards?cardId=${cardIds[0]}`,
      { token: user.token },
    )
    expect(status).toBe(200)
    expect(body.data.cost).toBe(ECONOMY.memoryTransferCost)
    const sets = await t.db
      .selectFrom('card_sets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(body.data.cardSetList).toHaveLength(sets.count - 1)
    const ownSet = await cardSetOf(cardIds[0])
    expect(body.data.cardSetList.some((set) => set.cardSetId === ownSet)).toBe(false)
    expect(body.data.cardSetList.every((set) => set.cards.length === 1 && set.cards[0]?.cardRarity === 3)).toBe(true)
    expect(body.data.cardCollections.length).toBeGreaterThan(0)
  })

  it('returns 404 for an unknown card', async () => {
    const user = await t.register()
    expect(
      (await t.call('GET', '/api/cards/getTransferrableCards?cardId=nowhere-9', { token: user.token })).status,
    ).toBe(404)
  })
})
