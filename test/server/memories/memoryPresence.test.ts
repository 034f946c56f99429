import { present } from '@test/helpers/present'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { cardsOfRarity, createMemory, giveCopy } from './fixtures'

let t: TestApp
let cardId: string
beforeAll(async () => {
  t = await buildTestApp()
  ;[cardId] = await cardsOfRarity(t, 4, 1)
}, 60_000)
afterAll(() => t.close())

interface Copy {
  userCardId: string
  hasMemory: boolean
}

describe('memory presence outside the memories calls', () => {
  it('marks the copy with a memory in getCard and getMyCollection, and counts it in getUser', async () => {
    const user = await t.register()
    const plain = await giveCopy(t, user.userId, cardId)
    const memoryId = await createMemory(t, user, cardId)
    const withMemory = (
      await t.db.selectFrom('memories').select('user_card_id').where('id', '=', memoryId).executeTakeFirstOrThrow()
    ).user_card_id
    const expected = (copies: Copy[]) =>
      expect(Object.fromEntries(copies.map((c) => [c.userCardId, c.hasMemory]))).toEqual({
        [plain]: false,
        [withMemory]: true,
      })

    const card = await t.call<{ mine: Copy[] }>('GET', `/api/getCard?cardId=${cardId}`, { token: user.token })
    expect(card.status).toBe(200)
    expected(card.body.data.mine)

    const collection = await t.call<{ cardId: string; mine: Copy[] }[]>('GET', '/api/getMyCollection', {
      token: user.token,
    })
    expect(collection.status).toBe(200)
    expected(
      present(
        collection.body.data.find((entry) => entry.cardId === cardId),
        'the card entry',
      ).mine,
    )

    const me = await t.call<{ memoryCount: number }>('GET', '/api/getUser', { token: user.token })
    expect(me.body.data.memoryCount).toBe(1)
  })
})
