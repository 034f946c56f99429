import { balances, ledgerSums } from '@server/features/wallet/ledger'
import type { TestApp } from '@test/helpers/server'

/** The wallet's invariant: every balance equals the sum of its ledger rows. */
export async function expectLedgerToMatchBalances(t: TestApp, userId: string): Promise<void> {
  const [sums, current] = await Promise.all([ledgerSums(t.db, userId), balances(t.db, userId)])
  expect({ digital: current.digitalCredit, physical: current.physicalCredit }).toEqual(sums)
}

export async function certificateCodes(t: TestApp, userId: string, source?: string): Promise<string[]> {
  let query = t.db
    .selectFrom('credit_certificates')
    .select('redeem_code')
    .where('user_id', '=', userId)
    .where('redeemed_at', 'is', null)
  if (source) query = query.where('source', '=', source)
  return (await query.execute()).map((row) => row.redeem_code)
}

export async function purchaseRows(t: TestApp, userId: string) {
  return t.db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reason', '=', 'purchase')
    .execute()
}

/** Checks the invariant for every user of the test database; run after each scenario. */
export async function expectEveryLedgerToMatchBalances(t: TestApp): Promise<void> {
  const users = await t.db.selectFrom('users').select('id').execute()
  for (const user of users) await expectLedgerToMatchBalances(t, user.id)
}
