import type { Kysely, Transaction } from 'kysely'

import type { Database, PaymentsTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function listActiveCreditProducts(db: Db) {
  return db
    .selectFrom('credit_products')
    .select(['id', 'product_type', 'credit_value', 'list_price_cents', 'actual_price_cents'])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
}

export async function findActiveCreditProduct(db: Db, id: number) {
  return db
    .selectFrom('credit_products')
    .select(['id', 'product_type', 'credit_value', 'actual_price_cents'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst()
}

export async function insertPayment(db: Db, payment: PaymentsTable) {
  await db.insertInto('payments').values(payment).execute()
}

export async function findPayment(db: Db, providerPaymentId: string) {
  return db.selectFrom('payments').selectAll().where('provider_payment_id', '=', providerPaymentId).executeTakeFirst()
}

/** Claims a payment's fulfilment: only the first caller gets the row back, however many race. */
export async function updatePaymentFulfilled(
  trx: Transaction<Database>,
  providerPaymentId: string,
  fulfilledAt: string,
) {
  return trx
    .updateTable('payments')
    .set({ fulfilled_at: fulfilledAt })
    .where('provider_payment_id', '=', providerPaymentId)
    .where('fulfilled_at', 'is', null)
    .returning(['id', 'user_id', 'credit_value', 'product_type'])
    .executeTakeFirst()
}

export async function listUnredeemedCertificates(db: Db, userId: string) {
  return db
    .selectFrom('credit_certificates')
    .select(['id', 'credit_value', 'redeem_code', 'source'])
    .where('user_id', '=', userId)
    .where('redeemed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** Marks the owner's unredeemed certificate redeemed; concurrent attempts on one code get the row back once. */
export async function updateCertificateRedeemed(
  trx: Transaction<Database>,
  userId: string,
  redeemCode: string,
  redeemedAt: string,
) {
  return trx
    .updateTable('credit_certificates')
    .set({ redeemed_at: redeemedAt })
    .where('redeem_code', '=', redeemCode)
    .where('user_id', '=', userId)
    .where('redeemed_at', 'is', null)
    .returning(['id', 'currency', 'credit_value'])
    .executeTakeFirst()
}
