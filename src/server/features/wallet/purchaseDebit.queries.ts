import { sql, type QueryCreator, type Transaction } from 'kysely'

import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import { isPostgres } from '../../db/dialect'
import type { Database } from '../../db/schema'

import { insertCreditLedgerEntry } from './queries'

/** A pick's or a draw's debit: the traveller's row and the ledger, on the purchase path. */

interface PurchaseDebitValues {
  userId: string
  price: number
  experienceGained: number
}

function purchaseDebitUpdate(db: QueryCreator<Database>, value: ValueOf<PurchaseDebitValues>) {
  return db
    .updateTable('users')
    .set({
      digital_credit: sql`digital_credit - ${value('price')}`,
      // A draw's experience depends on its roll and is added after it: 0 here.
      experience: sql`experience + ${value('experienceGained')}`,
    })
    .where('id', '=', value('userId'))
    .where('digital_credit', '>=', value('price'))
    .where('digital_credit_owed', '=', 0)
    .returning((eb) => [
      'digital_credit',
      'experience',
      'draws_since_epic',
      'email_verified_at',
      eb
        .selectFrom('referral_rewards')
        .select('referral_rewards.inviter_id')
        .whereRef('referral_rewards.invitee_id', '=', 'users.id')
        .where('referral_rewards.status', '=', 'pending')
        .as('pending_referral_inviter_id'),
    ])
}

/** The ledger row of a purchase's debit: what tells it from others; the amount is the price taken. */
export interface PurchaseEntry {
  id: string
  reason: string
  reference: string
  createdAt: string
}

const purchaseDebit = compiledOnce(purchaseDebitUpdate)

/**
 * On PostgreSQL the debit's ledger row goes with the update, in one statement: written only when the update took the
 * price, from the row it returns, so no ledger row can exist without its debit.
 */
const purchaseDebitWithEntry = compiledOnce(
  (
    db,
    value: ValueOf<PurchaseDebitValues & { entryId: string; reason: string; reference: string; createdAt: string }>,
  ) =>
    db
      .with('debited', (cte) => purchaseDebitUpdate(cte, value))
      .with('entry', (cte) =>
        cte
          .insertInto('credit_ledger')
          .columns(['id', 'user_id', 'currency', 'amount', 'reason', 'reference', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('debited')
              .select([
                sql<string>`cast(${value('entryId')} as text)`.as('id'),
                sql<string>`cast(${value('userId')} as text)`.as('user_id'),
                sql<string>`'digital'`.as('currency'),
                sql<number>`-cast(${value('price')} as integer)`.as('amount'),
                sql<string>`cast(${value('reason')} as text)`.as('reason'),
                sql<string>`cast(${value('reference')} as text)`.as('reference'),
                sql<string>`cast(${value('createdAt')} as text)`.as('created_at'),
              ]),
          ),
      )
      // Columns named, not *: the driver keeps a statement prepared only then (db/createDb.ts).
      .selectFrom('debited')
      .select(['digital_credit', 'experience', 'draws_since_epic', 'email_verified_at', 'pending_referral_inviter_id']),
)

/**
 * A pick's or a draw's update of the traveller's row and its ledger row: the price off the digital balance while it
 * covers it and nothing is owed, the experience the purchase earns added, and read back the balance, experience, draw
 * guarantee counter, whether the address is confirmed and the inviter of a referral reward still pending for the
 * traveller (what a first card may release); undefined, with no ledger row, when the balance does not cover it (or
 * credit is owed). One statement on PostgreSQL, where each is a round trip; two on SQLite, in the process.
 */
export async function subtractPurchaseIfCovered(
  trx: Transaction<Database>,
  debit: PurchaseDebitValues,
  entry: PurchaseEntry,
) {
  if (isPostgres(trx)) {
    const [row] = await purchaseDebitWithEntry(trx, {
      ...debit,
      entryId: entry.id,
      reason: entry.reason,
      reference: entry.reference,
      createdAt: entry.createdAt,
    })
    return row
  }
  const [row] = await purchaseDebit(trx, debit)
  if (row) {
    await insertCreditLedgerEntry(trx, {
      id: entry.id,
      user_id: debit.userId,
      currency: 'digital',
      amount: -debit.price,
      reason: entry.reason,
      reference: entry.reference,
      created_at: entry.createdAt,
    })
  }
  return row
}
