import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

import {
  addToBalance,
  type BalanceColumn,
  findBalance,
  findBalances,
  lockAccountForClosing as lockAccountRowForClosing,
  lockCreditAccount,
  insertCreditLedgerEntry,
  insertCreditLedgerEntryOnce,
  moveAccountingRecords,
  subtractFromBalanceIfCovered,
  sumLedgerByCurrency,
  sumLedgerByCurrencyAndReason,
} from './queries'

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

const BALANCE_COLUMN: Record<CreditCurrency, BalanceColumn> = { digital: 'digital_credit', physical: 'physical_credit' }

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
  const recorded = await insertCreditLedgerEntryOnce(trx, {
    id: newId(),
    user_id: movement.userId,
    currency: movement.currency,
    amount: movement.amount,
    reason: movement.reason,
    reference: movement.reference,
    created_at: nowIso(),
  })
  if (!recorded) return false
  await addToBalance(trx, movement.userId, BALANCE_COLUMN[movement.currency], movement.amount)
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
  const left = await subtractFromBalanceIfCovered(trx, movement.userId, column, movement.amount)
  if (left === undefined) {
    const balance = await findBalance(trx, movement.userId, column)
    throw new InsufficientCreditError(movement.amount - (balance ?? 0))
  }
  await insertCreditLedgerEntry(trx, {
    id: newId(),
    user_id: movement.userId,
    currency: movement.currency,
    amount: -movement.amount,
    reason: movement.reason,
    reference: movement.reference,
    created_at: nowIso(),
  })
  return left
}

/** The ledger reason of the credit a deleted account forfeits. */
export const ACCOUNT_CLOSED_REASON = 'account_closed'

/**
 * Closes a deleted account's credit (docs/product.md#account-deletion): what is left in each currency is forfeited
 * with one ledger row (reason account_closed), then the ledger rows and payments move to the anonymised tombstone,
 * whose balances of 0 equal their sum, so the books stay whole without naming anyone.
 */
export async function closeCreditAccount(
  trx: Transaction<Database>,
  userId: string,
  tombstoneId: string,
): Promise<void> {
  // Locked before it is read, so a reward or a payment credited meanwhile is either in what is forfeited or waits.
  await lockCreditAccount(trx, userId)
  const left = await findBalances(trx, userId)
  for (const currency of ['digital', 'physical'] as const) {
    const amount = left[BALANCE_COLUMN[currency]]
    // The tombstone's id, not the deleted account's, so the kept records cannot be linked back to it.
    if (amount > 0)
      await debit(trx, { userId, currency, amount, reason: ACCOUNT_CLOSED_REASON, reference: tombstoneId })
  }
  await moveAccountingRecords(trx, userId, tombstoneId)
}

/**
 * The first lock an account's erasure takes, before any other row of the account's (docs/security.md#locks); false
 * when the account is already gone.
 */
export async function lockAccountForClosing(trx: Transaction<Database>, userId: string): Promise<boolean> {
  return lockAccountRowForClosing(trx, userId)
}

export class InsufficientCreditError extends AppError {
  constructor(readonly missing: number) {
    super('InsufficientCredit', `Insufficient credit: ${missing} more needed.`)
  }
}

export async function balances(trx: Transaction<Database> | Kysely<Database>, userId: string) {
  const row = await findBalances(trx, userId)
  return { digitalCredit: row.digital_credit, physicalCredit: row.physical_credit }
}

/** The ledger's sum per currency; equals the balance at all times. */
export async function ledgerSums(db: Kysely<Database>, userId: string) {
  const rows = await sumLedgerByCurrency(db, userId)
  const total = (currency: CreditCurrency) => rows.find((row) => row.currency === currency)?.total ?? 0
  return { digital: total('digital'), physical: total('physical') }
}

/**
 * Credit moved so far over all users, by currency and reason: what was issued (credits) or spent (debits), each as a
 * positive sum.
 */
export async function creditMovementTotals(db: Kysely<Database>, direction: 'issued' | 'spent') {
  const rows = await sumLedgerByCurrencyAndReason(db, direction === 'issued' ? 'credits' : 'debits')
  return rows.map((row) => ({ currency: row.currency, reason: row.reason, total: Math.abs(row.total) }))
}
