import { ACQUISITION_PRODUCTS, type MyCollection, type RecycleUserCardResult, type UserCard } from '@shared/collection'
import { ECONOMY, VISIBILITY } from '@shared/constants'
import { TEXTS } from '@shared/texts'
import { balances, ledgerSums } from '@server/features/wallet/ledger'
import { nowIso } from '@server/lib/clock'
import { newId } from '@server/lib/random'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

let t: TestApp
let owner: TestUser
let other: TestUser
let commonCardId: string
let legendaryCardId: string
let collectionId: string

beforeAll(async () => {
  t = await buildTestApp()
  owner = await t.register()
  other = await t.register()
  const common = await t.db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.id', 'card_sets.collection_id', 'card_sets.id as cardSetId'])
    .where('cards.rarity', '=', 1)
    .orderBy('cards.id')
    .executeTakeFirstOrThrow()
  commonCardId = common.id
  collectionId = common.collection_id
  legendaryCardId = `${common.cardSetId}-5`
}, 60_000)

afterAll(async () => {
  await t.close()
})

let copiesGiven = 0

/** Each copy is a second newer than the last, so the order copies were acquired in is unambiguous. */
async function giveCopy(user: TestUser, cardId: string, acquisition = 'draw'): Promise<string> {
  const id = newId()
  copiesGiven += 1
  const createdAt = new Date(Date.UTC(2026, 0, 1) + copiesGiven * 1000).toISOString()
  await t.db
    .insertInto('user_cards')
    .values({ id, user_id: user.userId, card_id: cardId, acquisition, transaction_id: null, created_at: createdAt })
    .execute()
  return id
}

async function writeMemory(user: TestUser, userCardId: string): Promise<string> {
  const id = newId()
  const at = nowIso()
  await t.db
    .insertInto('memories')
    .values({
      id,
      user_id: user.userId,
      user_card_id: userCardId,
      start_date: null,
      end_date: null,
      content: 'Rain on the harbour',
      visibility: VISIBILITY.Public,
      created_at: at,
      updated_at: at,
    })
    .execute()
  return id
}

async function copyExists(userCardId: string): Promise<boolean> {
  return (await t.db.selectFrom('user_cards').select('id').where('id', '=', userCardId).executeTakeFirst()) != null
}

describe('GET /api/getMyCollection', () => {
  it('groups copies into one entry per card with memory and been-there marks', async () => {
    const user = await t.register()
    const first = await giveCopy(user, commonCardId)
    const second = await giveCopy(user, commonCardId, 'pick')
    const legendary = await giveCopy(user, legendaryCardId)
    const memoryId = await writeMemory(user, second)
    const cardSetId = legendaryCardId.replace(/-5$/, '')
    await t.db
      .insertInto('been_there')
      .values({ user_id: user.userId, card_set_id: cardSetId, created_at: nowIso() })
      .execute()

    const response = await t.call<MyCollection>('GET', '/api/getMyCollection', { token: user.token })

    expect(response.status).toBe(200)
    expect(response.body.data).toHaveLength(2)
    const common = response.body.data.find((entry) => entry.cardId === commonCardId)
    expect(common).toMatchObject({ collectionId, cardRarity: 1, image: commonCardId, beenThere: true })
    expect(common?.mine).toEqual([
      expect.objectContaining({ userCardId: first, hasMemory: false, memoryId: null }),
      expect.objectContaining({ userCardId: second, hasMemory: true, memoryId }),
    ])
    const rare = response.body.data.find((entry) => entry.cardId === legendaryCardId)
    expect(rare?.mine.map((copy) => copy.userCardId)).toEqual([legendary])
    expect(rare?.cardName).toBe(common?.cardName)
  })

  it('lists cards by collection, then rarest first, then by place, and each card’s copies oldest first', async () => {
    const placesInOrder = await t.db
      .selectFrom('card_sets')
      .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
      .select(['card_sets.id', 'card_sets.collection_id as collectionId'])
      .orderBy('collections.sort_order')
      .orderBy('card_sets.sort_order')
      .execute()
    const [firstPlace, secondPlace] = placesInOrder
    const laterCollectionPlace = placesInOrder.find((place) => place.collectionId !== firstPlace?.collectionId)
    if (!firstPlace || secondPlace?.collectionId !== firstPlace.collectionId || !laterCollectionPlace)
      throw new Error('The catalogue needs two places in its first collection and a second collection')
    const user = await t.register()
    const laterCollectionLegendary = `${laterCollectionPlace.id}-5`
    const secondPlaceCommon = `${secondPlace.id}-1`
    const firstPlaceCommon = `${firstPlace.id}-1`
    const secondPlaceEpic = `${secondPlace.id}-4`
    const copies = [
      await giveCopy(user, laterCollectionLegendary),
      await giveCopy(user, secondPlaceCommon),
      await giveCopy(user, firstPlaceCommon),
      await giveCopy(user, secondPlaceEpic),
      await giveCopy(user, firstPlaceCommon),
      await giveCopy(user, firstPlaceCommon),
    ]
    // The first copy of the first place's Common becomes its newest: the order the copies were stored in is not the
    // answer.
    await t.db
      .updateTable('user_cards')
      .set({ created_at: new Date(Date.UTC(2027, 0, 1)).toISOString() })
      .where('id', '=', copies[2] ?? '')
      .execute()

    const response = await t.call<MyCollection>('GET', '/api/getMyCollection', { token: user.token })

    expect(response.body.data.map((entry) => entry.cardId)).toEqual([
      secondPlaceEpic,
      firstPlaceCommon,
      secondPlaceCommon,
      laterCollectionLegendary,
    ])
    expect(response.body.data[1]?.mine.map((copy) => copy.userCardId)).toEqual([copies[4], copies[5], copies[2]])
  })

  it('returns an empty list for a user without cards', async () => {
    const user = await t.register()
    const response = await t.call<MyCollection>('GET', '/api/getMyCollection', { token: user.token })
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual([])
  })

  it('returns 403 for a visitor', async () => {
    const response = await t.call('GET', '/api/getMyCollection')
    expect(response.status).toBe(403)
  })
})

describe('GET /api/getUserCard', () => {
  it('shows the owner their copy with how it was acquired', async () => {
    const userCardId = await giveCopy(owner, commonCardId, 'free_draw')
    const response = await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${userCardId}`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      userCardId,
      cardId: commonCardId,
      cardRarity: 1,
      image: commonCardId,
      collectionId,
      products: ACQUISITION_PRODUCTS.free_draw,
      isOwner: true,
      ownerUsername: owner.username,
      memory: null,
    })
    expect(response.body.data.cardName).not.toBe('')
    expect(response.body.data.cardDescription).not.toBe('')
  })

  it('lets another user view the copy without owning it', async () => {
    const userCardId = await giveCopy(owner, commonCardId, 'pick')
    const response = await t.call<UserCard>('GET', `/api/getUserCard?userCardId=${userCardId}`, { token: other.token })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      isOwner: false,
      ownerUsername: owner.username,
      products: 'Digital card pick',
    })
  })

  it('returns 404 for an unknown copy', async () => {
    const response = await t.call('GET', `/api/getUserCard?userCardId=${newId()}`, { token: owner.token })
    expect(response.status).toBe(404)
    expect(response.body.metadata.message).toBe(TEXTS.userCardNotFound)
  })
})

describe('GET /api/getRecycleValue', () => {
  it('returns the recycle value of the rarity to the owner', async () => {
    const userCardId = await giveCopy(owner, legendaryCardId)
    const response = await t.call<number>('GET', `/api/getRecycleValue?userCardId=${userCardId}`, {
      token: owner.token,
    })
    expect(response.status).toBe(200)
    expect(response.body.data).toBe(ECONOMY.recycleValue[5])
  })

  it('returns 404 for someone else’s copy', async () => {
    const userCardId = await giveCopy(owner, legendaryCardId)
    const response = await t.call('GET', `/api/getRecycleValue?userCardId=${userCardId}`, { token: other.token })
    expect(response.status).toBe(404)
  })
})

describe('POST /api/recycleUserCard', () => {
  it('removes the copy, unlinks its draw result and credits the recycle value', async () => {
    const user = await t.register()
    const userCardId = await giveCopy(user, legendaryCardId)
    const transactionId = newId()
    await t.db
      .insertInto('draw_transactions')
      .values({
        id: transactionId,
        user_id: user.userId,
        kind: 'draw',
        price: 0,
        exp_gain_result: null,
        claimed_by: null,
        created_at: nowIso(),
      })
      .execute()
    await t.db
      .insertInto('draw_items')
      .values({
        transaction_id: transactionId,
        position: 0,
        card_id: legendaryCardId,
        user_card_id: userCardId,
        is_new: 1,
      })
      .execute()
    const before = await balances(t.db, user.userId)

    const response = await t.call<RecycleUserCardResult>('POST', '/api/recycleUserCard', {
      token: user.token,
      body: { userCardId },
    })

    expect(response.status).toBe(200)
    expect(response.body.data.newUserDigitalCredit).toBe(before.digitalCredit + ECONOMY.recycleValue[5])
    expect(await copyExists(userCardId)).toBe(false)
    const item = await t.db
      .selectFrom('draw_items')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow()
    expect(item).toMatchObject({ card_id: legendaryCardId, user_card_id: null })
    const after = await balances(t.db, user.userId)
    expect(after.digitalCredit).toBe(response.body.data.newUserDigitalCredit)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(after.digitalCredit)
  })

  it('credits once when the same copy is recycled twice at the same time', async () => {
    const user = await t.register()
    const userCardId = await giveCopy(user, commonCardId)
    const before = await balances(t.db, user.userId)

    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call<RecycleUserCardResult>('POST', '/api/recycleUserCard', { token: user.token, body: { userCardId } }),
      ),
    )

    expect(responses.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404])
    const after = await balances(t.db, user.userId)
    expect(after.digitalCredit).toBe(before.digitalCredit + ECONOMY.recycleValue[1])
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(after.digitalCredit)
    const rows = await t.db.selectFrom('credit_ledger').select('amount').where('reference', '=', userCardId).execute()
    expect(rows).toHaveLength(1)
  })

  it('returns 404 for someone else’s copy and changes nothing', async () => {
    const userCardId = await giveCopy(owner, commonCardId)
    const before = await balances(t.db, other.userId)

    const response = await t.call('POST', '/api/recycleUserCard', { token: other.token, body: { userCardId } })

    expect(response.status).toBe(404)
    expect(await copyExists(userCardId)).toBe(true)
    expect(await balances(t.db, other.userId)).toEqual(before)
  })

  it('returns 409 for a copy with a memory and changes nothing', async () => {
    const user = await t.register()
    const userCardId = await giveCopy(user, commonCardId)
    await writeMemory(user, userCardId)
    const before = await balances(t.db, user.userId)

    const response = await t.call('POST', '/api/recycleUserCard', { token: user.token, body: { userCardId } })

    expect(response.status).toBe(409)
    expect(await copyExists(userCardId)).toBe(true)
    expect(await balances(t.db, user.userId)).toEqual(before)
    expect((await ledgerSums(t.db, user.userId)).digital).toBe(before.digitalCredit)
  })

  it('returns 400 without a userCardId', async () => {
    const response = await t.call('POST', '/api/recycleUserCard', { token: owner.token, body: {} })
    expect(response.status).toBe(400)
  })

  it('returns 403 for a visitor', async () => {
    const response = await t.call('POST', '/api/recycleUserCard', { body: { userCardId: newId() } })
    expect(response.status).toBe(403)
  })
})
