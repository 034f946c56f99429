import type { AgeConfirmation } from '@shared/acquire'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('The age confirmation before paid draws', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
  })
  afterAll(() => t.close())

  it('is null until confirmed, then keeps the first date however often it is confirmed', async () => {
    const user = await t.register()
    const before = await t.call<AgeConfirmation>('GET', '/api/getAgeConfirmation', { token: user.token })
    expect(before.status).toBe(200)
    expect(before.body.data).toEqual({ confirmedAt: null })

    const first = await t.call<AgeConfirmation>('POST', '/api/confirmAge', { token: user.token })
    expect(first.status).toBe(200)
    const confirmedAt = first.body.data.confirmedAt
    expect(confirmedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/))

    await new Promise((resolve) => setTimeout(resolve, 5))
    const again = await t.call<AgeConfirmation>('POST', '/api/confirmAge', { token: user.token })
    expect(again.body.data.confirmedAt).toBe(confirmedAt)
    const read = await t.call<AgeConfirmation>('GET', '/api/getAgeConfirmation', { token: user.token })
    expect(read.body.data.confirmedAt).toBe(confirmedAt)
    const row = await t.db
      .selectFrom('users')
      .select('adult_confirmed_at')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.adult_confirmed_at).toBe(confirmedAt)
  })

  it("is one traveller's own: another traveller is still unconfirmed", async () => {
    const one = await t.register()
    const other = await t.register()
    await t.call('POST', '/api/confirmAge', { token: one.token })
    const read = await t.call<AgeConfirmation>('GET', '/api/getAgeConfirmation', { token: other.token })
    expect(read.body.data).toEqual({ confirmedAt: null })
  })

  it('needs a logged-in traveller', async () => {
    expect((await t.call('GET', '/api/getAgeConfirmation')).status).toBe(403)
    expect((await t.call('POST', '/api/confirmAge')).status).toBe(403)
  })

  it('leaves drawCard as API clients know it: a draw without a confirmation is served', async () => {
    const user = await t.register()
    await t.db.updateTable('users').set({ digital_credit: 1_500 }).where('id', '=', user.userId).execute()
    await t.db
      .insertInto('credit_ledger')
      .values({
        id: `grant_${user.userId}`,
        user_id: user.userId,
        currency: 'digital',
        amount: 1_500,
        reason: 'test',
        reference: user.userId,
        created_at: new Date().toISOString(),
      })
      .execute()
    expect((await t.call('GET', '/api/drawCard', { token: user.token })).status).toBe(200)
  })
})
