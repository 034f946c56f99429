import { credit } from '@server/features/wallet/ledger'

import type { TestApp } from '../../helpers/server'

/** Puts credit on a user's balance through the ledger, as a purchase would. */
export async function giveDigitalCredit(
  t: TestApp,
  userId: string,
  amount: number,
  reference = `test-${Math.random()}`,
): Promise<void> {
  await t.db
    .transaction()
    .execute((trx) => credit(trx, { userId, currency: 'digital', amount, reason: 'purchase', reference }))
}

export async function digitalBalance(t: TestApp, userId: string): Promise<number> {
  const row = await t.db.selectFrom('users').select('digital_credit').where('id', '=', userId).executeTakeFirstOrThrow()
  return row.digital_credit
}

/** A deterministic RandomInt (mulberry32), so statistical tests are repeatable. */
export function seededRandomInt(seed: number): (max: number) => number {
  let state = seed >>> 0
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 15), z | 1)
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61)
    const unit = ((z ^ (z >>> 14)) >>> 0) / 4294967296
    return Math.floor(unit * max)
  }
}
