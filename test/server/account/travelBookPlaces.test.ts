import type { Progress } from '@shared/travel'
import { nowIso } from '@server/lib/clock'
import { present } from '@test/helpers/present'
import { API_KEY, buildTestApp, type TestApp } from '@test/helpers/server'
import { unzip } from '@test/helpers/unzip'

import { cardsOfRarity } from '../memories/fixtures'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
}, 60_000)
afterAll(() => t.close())

describe('places been to', () => {
  it('counts the same places in the travel book as on the map: marks and verified visits, each place once', async () => {
    const user = await t.register()
    const [marked, verifiedOnly] = await cardsOfRarity(t, 1, 2)
    const setOf = async (cardId: string) =>
      (await t.db.selectFrom('cards').select('card_set_id').where('id', '=', cardId).executeTakeFirstOrThrow())
        .card_set_id
    await t.call('POST', '/api/setBeenThere', { token: user.token, body: { cardId: marked, value: true } })
    // The marked place is verified too (counted once); the other only verified.
    await t.db
      .insertInto('place_verifications')
      .values(
        [await setOf(marked), await setOf(verifiedOnly)].map((cardSetId) => ({
          user_id: user.userId,
          card_set_id: cardSetId,
          memory_id: null,
          taken_on: null,
          verified_at: nowIso(),
        })),
      )
      .execute()

    const progress = await t.call<Progress>('GET', '/api/collection/getProgress', { token: user.token })
    expect(progress.body.data.total.beenThere).toBe(2)

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/account/exportMyData',
      headers: { 'x-api-key': API_KEY, 'x-auth-key': user.token },
    })
    const book = present((await unzip(exported.rawPayload)).get('index.html')).toString('utf8')
    expect(book).toContain('2 places been to')
  })
})
