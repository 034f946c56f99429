import type { Kysely, Transaction } from 'kysely'

import type { Database, PaymentDisputesTable, PaymentEventsTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** Records a provider event once per event id; false when it was already recorded (a replay). */
export async function insertPaymentEventOnce(trx: Transaction<Database>, event: PaymentEventsTable): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values(event)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0
}

export async function updatePaymentEventEffect(
  trx: Transaction<Database>,
  id: string,
  effect: Pick<PaymentEventsTable, 'credit_taken' | 'credit_owed' | 'credit_restored' | 'outcome'>,
) {
  await trx.updateTable('payment_events').set(effect).where('id', '=', id).execute()
}

/** Raises the refunded total and the credit taken for it; never lowers either (events arrive in any order). */
export async function updatePaymentRefundProgress(
  trx: Transaction<Database>,
  paymentId: string,
  refundedCents: number,
  refundCreditTaken: number,
) {
  await trx
    .updateTable('payments')
    .set({ refunded_cents: refundedCents, refund_credit_taken: refundCreditTaken })
    .where('id', '=', paymentId)
    .execute()
}

/** Credit held back by the payment's disputes, open or lost (a won one gave it back). */
export async function sumDisputeHolds(db: Db, paymentId: string, exceptDisputeId?: string): Promise<number> {
  let query = db
    .selectFrom('payment_disputes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('credit_held'), eb.val(0)).as('held'))
    .where('payment_id', '=', paymentId)
  if (exceptDisputeId) query = query.where('id', '!=', exceptDisputeId)
  const row = await query.executeTakeFirst()
  return Number(row?.held ?? 0)
}

/** Records a dispute once per dispute id; false when a row for it exists already. */
export async function insertDisputeOnce(trx: Transaction<Database>, dispute: PaymentDisputesTable): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_disputes')
    .values(dispute)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0
}

export async function findDispute(db: Db, id: string) {
  return db.selectFrom('payment_disputes').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Closes an open dispute; only the first caller gets the row back. */
export async function updateDisputeClosed(
  trx: Transaction<Database>,
  id: string,
  status: string,
  creditHeld: number,
  closedAt: string,
) {
  return trx
    .updateTable('payment_disputes')
    .set({ status, credit_held: creditHeld, closed_at: closedAt })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
}

export async function updateOpenDisputeStatus(trx: Transaction<Database>, id: string, status: string) {
  await trx
    .updateTable('payment_disputes')
    .set({ status })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .execute()
}

/** Where news of a refund or a dispute goes: the buyer's name, address, and whether the address is confirmed. */
export async function findReversalRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'username', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst()
}
