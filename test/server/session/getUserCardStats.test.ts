import type { User } from '@shared/session'
import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { giveCopy } from '../memories/fixtures'

// Building a seeded database takes a few seconds on a busy machine.
jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

/** The ids of the first `count` cards of a rarity in a collection. */
async function cardIds(collectionId: string, rarity: number, count: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select('cards.id')
    .where('card_sets.collection_id', '=', collectionId)
    .where('cards.rarity', '=', rarity)
    .orderBy('cards.id')
    .limit(count)
    .execute()
  expect(rows).toHaveLength(count)
  return rows.map((row) => row.id)
}

describe('GET /api/getUser: the collection figures', () => {
  it('counts copies per rarity and the collections they are in', async () => {
    const traveller = await t.register()
    const otherCollection = present(
      await t.db.selectFrom('collections').select('id').where('id', '!=', 'europe').orderBy('id').executeTakeFirst(),
      'a second collection',
    ).id
    const [europeCommon, anotherEuropeCommon] = await cardIds('europe', 1, 2)
    const [europeLegendary] = await cardIds('europe', 5, 1)
    const otherRares = await cardIds(otherCollection, 3, 2)
    // Two copies of one card count twice.
    for (const cardId of [
      present(europeCommon),
      present(europeCommon),
      present(anotherEuropeCommon),
      present(europeLegendary),
      ...otherRares,
    ])
      await giveCopy(t, traveller.userId, cardId)

    const { status, body } = await t.call<User>('GET', '/api/getUser', { token: traveller.token })

    expect(status).toBe(200)
    expect(body.data.userCardStats).toEqual({ collectionCount: 2, cardCount: 6, rarityStats: [3, 0, 2, 0, 1] })
  })
})
