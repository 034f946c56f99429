import { sql, type Kysely, type Transaction } from 'kysely'

import type { Database, SpendingHoldsTable, SpendingLimitsTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** The user's paid purchases in US cents, fulfilled from `from` (inclusive) to `before` (exclusive), ISO prefixes. */
export async function sumPaidBetween(db: Db, userId: string, from: string, before: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('fulfilled_at', '>=', from)
    .where('fulfilled_at', '<', before)
    .executeTakeFirstOrThrow()
  return row.total
}

export async function findSpendingLimit(db: Db, userId: string) {
  return db.selectFrom('spending_limits').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/**
 * Takes the user's limit row for the rest of the transaction and applies a waiting change that has come due (every
 * right-hand side reads the row as it was). Undefined when the user never set a limit.
 */
export async function settleSpendingLimit(trx: Transaction<Database>, userId: string, now: string) {
  const due = sql<boolean>`pending_applies_at IS NOT NULL AND pending_applies_at <= ${now}`
  return trx
    .updateTable('spending_limits')
    .set({
      monthly_limit_cents: sql`CASE WHEN ${due} THEN pending_limit_cents ELSE monthly_limit_cents END`,
      pending_limit_cents: sql`CASE WHEN ${due} THEN NULL ELSE pending_limit_cents END`,
      pending_applies_at: sql`CASE WHEN ${due} THEN NULL ELSE pending_applies_at END`,
    })
    .where('user_id', '=', userId)
    .returning(['monthly_limit_cents', 'pending_limit_cents', 'pending_applies_at'])
    .executeTakeFirst()
}

export async function upsertSpendingLimit(trx: Transaction<Database>, row: SpendingLimitsTable) {
  await trx
    .insertInto('spending_limits')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        monthly_limit_cents: row.monthly_limit_cents,
        pending_limit_cents: row.pending_limit_cents,
        pending_applies_at: row.pending_applies_at,
        updated_at: row.updated_at,
      }),
    )
    .execute()
}

/** Holds still counting at `now`, in US cents. */
export async function sumLiveSpendingHolds(db: Db, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('spending_holds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
  return row.total
}

export async function deleteLapsedSpendingHolds(trx: Transaction<Database>, userId: string, now: string) {
  await trx.deleteFrom('spending_holds').where('user_id', '=', userId).where('expires_at', '<=', now).execute()
}

export async function insertSpendingHold(trx: Transaction<Database>, hold: SpendingHoldsTable) {
  await trx.insertInto('spending_holds').values(hold).execute()
}

export async function deleteSpendingHold(db: Db, id: string) {
  await db.deleteFrom('spending_holds').where('id', '=', id).execute()
}

/** Deletes holds that expired by `at` (they no longer count against a limit); answers how many went. */
export async function deleteHoldsExpiredBy(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('spending_holds').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}
