import { sql, type Kysely, type Transaction } from 'kysely'

import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import type {
  CreditCertificatesTable,
  CreditLedgerTable,
  CreditProductsTable,
  Database,
  PaymentsTable,
  TestPaymentIntentsTable,
} from '../../db/schema'
import { takesRowLocks } from '../../db/transactions'

type Db = Kysely<Database> | Transaction<Database>

export type BalanceColumn = 'digital_credit' | 'physical_credit'
export type OwedColumn = 'digital_credit_owed' | 'physical_credit_owed'

/** Records a movement once per (user, currency, reason, reference); false when it was already recorded. */
export async function insertCreditLedgerEntryOnce(trx: Transaction<Database>, entry: CreditLedgerTable) {
  const inserted = await trx
    .insertInto('credit_ledger')
    .values(entry)
    .onConflict((oc) => oc.columns(['user_id', 'currency', 'reason', 'reference']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0
}

const ledgerEntry = compiledOnce((db, value: ValueOf<CreditLedgerTable>) =>
  db.insertInto('credit_ledger').values({
    id: value('id'),
    user_id: value('user_id'),
    currency: value('currency'),
    amount: value('amount'),
    reason: value('reason'),
    reference: value('reference'),
    created_at: value('created_at'),
  }),
)

/** Every movement of credit writes one: compiled once, as each purchase writes one. */
export async function insertCreditLedgerEntry(trx: Transaction<Database>, entry: CreditLedgerTable) {
  await ledgerEntry(trx, entry)
}

export async function addToBalance(trx: Transaction<Database>, userId: string, column: BalanceColumn, amount: number) {
  await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + ${amount}` })
    .where('id', '=', userId)
    .execute()
}

/**
 * Subtracts only while the balance covers the amount and, when `owedColumn` is named, nothing is owed; the balance
 * left, or undefined when it does not cover it (or credit is owed).
 */
export async function subtractFromBalanceIfCovered(
  trx: Transaction<Database>,
  userId: string,
  column: BalanceColumn,
  amount: number,
  owedColumn?: OwedColumn,
): Promise<number | undefined> {
  let update = trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} - ${amount}` })
    .where('id', '=', userId)
    .where(column, '>=', amount)
  if (owedColumn) update = update.where(owedColumn, '=', 0)
  const updated = await update.returning(column).executeTakeFirst()
  return updated?.[column]
}

/** The balance and the credit owed in one currency, read in the caller's transaction. */
export async function findBalanceAndOwed(db: Db, userId: string, column: BalanceColumn, owedColumn: OwedColumn) {
  const row = await db
    .selectFrom('users')
    .select([`${column} as balance`, `${owedColumn} as owed`])
    .where('id', '=', userId)
    .executeTakeFirst()
  return row ? { balance: row.balance, owed: row.owed } : undefined
}

/** Adds to (or, negative, takes from) the credit an account owes. */
export async function addToOwed(trx: Transaction<Database>, userId: string, column: OwedColumn, amount: number) {
  await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + ${amount}` })
    .where('id', '=', userId)
    .execute()
}

export async function findBalance(db: Db, userId: string, column: BalanceColumn): Promise<number | undefined> {
  const row = await db.selectFrom('users').select(column).where('id', '=', userId).executeTakeFirst()
  return row?.[column]
}

export async function findBalances(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['digital_credit', 'physical_credit'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

export async function sumLedgerByCurrency(db: Db, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('user_id', '=', userId)
    .groupBy('currency')
    .execute()
}

/** Sums of the credits (amount above zero) or the debits (below zero) over all users, by currency and reason. */
export async function sumLedgerByCurrencyAndReason(db: Db, sign: 'credits' | 'debits') {
  return db
    .selectFrom('credit_ledger')
    .select(['currency', 'reason', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('amount', sign === 'credits' ? '>' : '<', 0)
    .groupBy(['currency', 'reason'])
    .execute()
}

/** Inserts a certificate once per (source, source_ref); false when one already existed. */
export async function insertCertificateOnce(trx: Transaction<Database>, certificate: CreditCertificatesTable) {
  const inserted = await trx
    .insertInto('credit_certificates')
    .values(certificate)
    .onConflict((oc) => oc.columns(['source', 'source_ref']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

/** Inserts or updates the products by id; `active` is left as an existing row has it. */
export async function upsertCreditProducts(db: Db, products: CreditProductsTable[]) {
  await db
    .insertInto('credit_products')
    .values(products)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        product_type: eb.ref('excluded.product_type'),
        credit_value: eb.ref('excluded.credit_value'),
        list_price_cents: eb.ref('excluded.list_price_cents'),
        actual_price_cents: eb.ref('excluded.actual_price_cents'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute()
}

export async function insertTestPaymentIntent(db: Db, intent: TestPaymentIntentsTable) {
  await db.insertInto('test_payment_intents').values(intent).execute()
}

export async function findTestPaymentIntent(db: Db, id: string) {
  return db
    .selectFrom('test_payment_intents')
    .select(['id', 'status', 'amount_cents', 'currency'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findTestPaymentIntentBySecret(db: Db, clientSecret: string) {
  return db
    .selectFrom('test_payment_intents')
    .select(['id', 'status'])
    .where('client_secret', '=', clientSecret)
    .executeTakeFirst()
}

/** Marks an intent still awaiting payment succeeded; an intent already succeeded is left as it is. */
export async function updateTestPaymentIntentSucceeded(db: Db, id: string, cardLast4: string, updatedAt: string) {
  await db
    .updateTable('test_payment_intents')
    .set({ status: 'succeeded', last_error: null, card_last4: cardLast4, updated_at: updatedAt })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .execute()
}

/** A succeeded test intent's money goes back; as `refunded` it never counts as paid again. */
export async function updateTestPaymentIntentRefunded(db: Db, id: string, updatedAt: string) {
  await db
    .updateTable('test_payment_intents')
    .set({ status: 'refunded', updated_at: updatedAt })
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .execute()
}

export async function updateTestPaymentIntentError(db: Db, id: string, lastError: string, updatedAt: string) {
  await db
    .updateTable('test_payment_intents')
    .set({ last_error: lastError, updated_at: updatedAt })
    .where('id', '=', id)
    .execute()
}

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

export async function insertPayment(
  db: Db,
  payment: Omit<PaymentsTable, 'refused_at' | 'refunded_at' | 'refunded_cents' | 'refund_credit_taken'>,
) {
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
    .where('refused_at', 'is', null)
    .returning(['id', 'user_id', 'credit_value', 'product_type'])
    .executeTakeFirst()
}

/** Refuses a payment not yet settled: only the first caller gets the row back, and it is never fulfilled after. */
export async function updatePaymentRefused(trx: Transaction<Database>, providerPaymentId: string, refusedAt: string) {
  return trx
    .updateTable('payments')
    .set({ refused_at: refusedAt })
    .where('provider_payment_id', '=', providerPaymentId)
    .where('fulfilled_at', 'is', null)
    .where('refused_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
}

export async function updatePaymentRefunded(db: Db, providerPaymentId: string, refundedAt: string) {
  await db
    .updateTable('payments')
    .set({ refunded_at: refundedAt })
    .where('provider_payment_id', '=', providerPaymentId)
    .where('refunded_at', 'is', null)
    .execute()
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

/**
 * Holds the account's row until the transaction ends (a row lock on PostgreSQL; SQLite has one writer anyway), so no
 * credit or debit of another transaction lands between reading its balances and acting on them. Every transaction
 * that moves a user's credit or settles their payments takes this lock before any other row of theirs
 * (docs/security.md#locks). False when the account is gone.
 */
export async function lockCreditAccount(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const locked = await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  return locked !== undefined
}

/**
 * The lock an account's erasure takes first: like lockCreditAccount, and on PostgreSQL strong enough (`FOR UPDATE`)
 * that no other transaction can still be adding a row that points at the account (a friendship, a gift, a
 * notification) when the erasure deletes it; such a write waits, then finds the account gone.
 */
export async function lockAccountForClosing(trx: Transaction<Database>, userId: string): Promise<boolean> {
  if (!takesRowLocks(trx)) return lockCreditAccount(trx, userId)
  const locked = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()
  return locked !== undefined
}

/**
 * Whether an account may still receive credit: `closed` for a deleted account's anonymised tombstone, which no credit
 * may reach, and for an account whose erasure has started (its credit is about to be forfeited).
 */
export async function findAccountStanding(db: Db, userId: string): Promise<'open' | 'closed' | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('account_deletions', 'account_deletions.user_id', 'users.id')
    .select(['users.closed_at', 'account_deletions.started_at'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  if (!row) return undefined
  return row.closed_at != null || row.started_at != null ? 'closed' : 'open'
}

/** Hands a deleted account's ledger rows and payments to its anonymised tombstone, which keeps them for accounting. */
export async function moveAccountingRecords(trx: Transaction<Database>, fromUserId: string, toUserId: string) {
  await trx.updateTable('credit_ledger').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute()
  await trx.updateTable('payments').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute()
}

/** When the account confirmed its address; null while it has not (docs/decisions.md, Accounts). */
export async function findEmailVerifiedAt(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst()
  return row?.email_verified_at ?? null
}

/** Where a payment's receipt goes: the buyer's address and name, read in the fulfilment's transaction. */
export function findReceiptRecipient(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirstOrThrow()
}
