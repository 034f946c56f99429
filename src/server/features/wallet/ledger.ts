import { sql, type Kysely, type Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

export type CreditCurrency = 'digital' | 'physical'

export interface CreditMovement {
  userId: string
  currency: CreditCurrency
  /** Whole credits, always positive; `debit` subtracts it. */
  amount: number
  /** What moved the credit (purchase, certificate, referral, pick, draw, recycle, memory_transfer). */
  reason: string
  /** The id of the thing that moved it; one movement per (user, currency, reason, reference). */
  reference: string
}

const BALANCE_COLUMN = { digital: 'digital_credit', physical: 'physical_credit' } as const

function assertPositiveWhole(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`credit movements are positive whole numbers, got ${amount}`)
}

/**
 * Adds credit once per reference: the ledger's unique key makes a repeat a no-op.
 * Returns false when this movement was already recorded.
 */
export async function credit(trx: Transaction<Database>, movement: CreditMovement): Promise<boolean> {
  assertPositiveWhole(movement.amount)
  const inserted = await trx
    .insertInto('credit_ledger')
    .values({
      id: newId(),
      user_id: movement.userId,
      currency: movement.currency,
      amount: movement.amount,
      reason: movement.reason,
      reference: movement.reference,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'currency', 'reason', 'reference']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  const column = BALANCE_COLUMN[movement.currency]
  await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + ${movement.amount}` })
    .where('id', '=', movement.userId)
    .execute()
  return true
}

/**
 * Takes credit with a conditional update, so concurrent spends can never push a balance below zero.
 * Throws InsufficientCredit (with the missing amount) when the balance does not cover it.
 * Returns the balance left, which the update itself reads back.
 */
export async function debit(trx: Transaction<Database>, movement: CreditMovement): Promise<number> {
  assertPositiveWhole(movement.amount)
  const column = BALANCE_COLUMN[movement.currency]
  const updated = await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} - ${movement.amount}` })
    .where('id', '=', movement.userId)
    .where(column, '>=', movement.amount)
    .returning(column)
    .executeTakeFirst()
  if (!updated) {
    const balance = await trx.selectFrom('users').select(column).where('id', '=', movement.userId).executeTakeFirst()
    const missing = movement.amount - (balance?.[column] ?? 0)
    throw new InsufficientCreditError(missing)
  }
  await trx
    .insertInto('credit_ledger')
    .values({
      id: newId(),
      user_id: movement.userId,
      currency: movement.currency,
      amount: -movement.amount,
      reason: movement.reason,
      reference: movement.reference,
      created_at: nowIso(),
    })
    .execute()
  return updated[column]
}

export class InsufficientCreditError extends AppError {
  constructor(readonly missing: number) {
    super('InsufficientCredit', `Insufficient credit: ${missing} more needed.`)
  }
}

export async function balances(trx: Transaction<Database> | Kysely<Database>, userId: string) {
  const row = await trx
    .selectFrom('users')
    .select(['digital_credit', 'physical_credit'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return { digitalCredit: row.digital_credit, physicalCredit: row.physical_credit }
}

/** The ledger's sum per currency; equals the balance at all times. */
export async function ledgerSums(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('user_id', '=', userId)
    .groupBy('currency')
    .execute()
  const total = (currency: CreditCurrency) => rows.find((row) => row.currency === currency)?.total ?? 0
  return { digital: total('digital'), physical: total('physical') }
}

/**
 * Credit moved so far over all users, by currency and reason: what was issued (credits) or spent (debits), each as a
 * positive sum.
 */
export async function creditMovementTotals(db: Kysely<Database>, direction: 'issued' | 'spent') {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['currency', 'reason', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('amount', direction === 'issued' ? '>' : '<', 0)
    .groupBy(['currency', 'reason'])
    .execute()
  return rows.map((row) => ({ currency: row.currency, reason: row.reason, total: Math.abs(row.total) }))
}
