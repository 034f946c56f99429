import type { Transaction } from 'kysely'

import type { Database } from '@server/db/schema'
import { inTransaction } from '@server/db/transactions'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'off' } })
})
afterAll(() => t.close())

async function gainExperience(trx: Transaction<Database>, user: TestUser): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ experience: eb('experience', '+', 1) }))
    .where('id', '=', user.userId)
    .execute()
}

async function experienceOf(user: TestUser): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('experience')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow()
  return row.experience
}

describe('a transaction PostgreSQL ends as a deadlock', () => {
  it('is run again from the start, so both sides of the deadlock complete, each once', async () => {
    const [marta, lena] = [await t.register(), await t.register()]
    const before = [await experienceOf(marta), await experienceOf(lena)]
    // On PostgreSQL the first attempts of both wait for each other holding one row each, then ask for the other's:
    // a deadlock, and PostgreSQL ends one of them. SQLite runs one transaction at a time, so no deadlock arises there.
    let holding = 0
    let bothHold: () => void = () => undefined
    const bothHolding = new Promise<void>((resolve) => (bothHold = resolve))
    let attempts = 0
    const inOrder = (first: TestUser, second: TestUser) =>
      inTransaction(t.db, async (trx) => {
        attempts += 1
        const firstAttempt = attempts <= 2
        await gainExperience(trx, first)
        if (t.dialect === 'postgres' && firstAttempt) {
          holding += 1
          if (holding === 2) bothHold()
          await bothHolding
        }
        await gainExperience(trx, second)
      })

    await Promise.all([inOrder(marta, lena), inOrder(lena, marta)])

    expect(attempts).toBe(t.dialect === 'postgres' ? 3 : 2)
    expect([await experienceOf(marta), await experienceOf(lena)]).toEqual(before.map((value) => value + 2))
  })
})
