import type { Kysely, Transaction } from 'kysely'

import { PAYMENT_REVERSAL_TEXTS } from '@shared/wallet'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

import { subtractPurchaseIfCovered } from './purchaseDebit.queries'
import {
  addToBalance,
  addToOwed,
  type BalanceColumn,
  findBalanceAndOwed,
  findBalances,
  lockAccountForClosing as lockAccountRowForClosing,
  lockCreditAccount,
  insertCreditLedgerEntry,
  insertCreditLedgerEntryOnce,
  moveAccountingRecords,
  type OwedColumn,
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
const OWED_COLUMN: Record<CreditCurrency, OwedColumn> = {
  digital: 'digital_credit_owed',
  physical: 'physical_credit_owed',
}

/** The ledger reason of credit that came in and went to settle what a refund or dispute left owed. */
export const OWED_SETTLED_REASON = 'owed_settled'

function assertPositiveWhole(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`credit movements are positive whole numbers, got ${amount}`)
}

/**
 * Adds credit once per reference: the ledger's unique key makes a repeat a no-op.
 * Returns false when this movement was already recorded.
 *
 * Credit that comes in while the account owes credit (a refund or dispute took back more than the balance held) pays
 * that off first, with a ledger row of its own (reason owed_settled), whatever brought it in.
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
  await settleOwed(trx, movement)
  return true
}

async function settleOwed(trx: Transaction<Database>, movement: CreditMovement): Promise<void> {
  const column = BALANCE_COLUMN[movement.currency]
  const owedColumn = OWED_COLUMN[movement.currency]
  const standing = await findBalanceAndOwed(trx, movement.userId, column, owedColumn)
  if (!standing || standing.owed <= 0) return
  const settled = Math.min(standing.balance, standing.owed)
  if (settled <= 0) return
  await subtractFromBalanceIfCovered(trx, movement.userId, column, settled)
  await addToOwed(trx, movement.userId, owedColumn, -settled)
  await insertCreditLedgerEntry(trx, {
    id: newId(),
    user_id: movement.userId,
    currency: movement.currency,
    amount: -settled,
    reason: OWED_SETTLED_REASON,
    reference: `${movement.reason}:${movement.reference}`,
    created_at: nowIso(),
  })
}

/**
 * Takes back credit a refunded or disputed purchase added (docs/product.md#refunds-and-disputes): what the balance
 * still holds leaves it with a ledger row (the movement's reason and reference); what was already spent becomes owed,
 * which refuses spending until credit that comes in settles it. The balance itself never goes below zero. The caller
 * holds the account's row lock (docs/security.md#locks).
 */
export async function takeBack(
  trx: Transaction<Database>,
  movement: CreditMovement,
): Promise<{ taken: number; owed: number }> {
  assertPositiveWhole(movement.amount)
  const column = BALANCE_COLUMN[movement.currency]
  const standing = await findBalanceAndOwed(trx, movement.userId, column, OWED_COLUMN[movement.currency])
  const taken = Math.min(standing?.balance ?? 0, movement.amount)
  if (taken > 0) {
    await subtractFromBalanceIfCovered(trx, movement.userId, column, taken)
    await insertCreditLedgerEntry(trx, {
      id: newId(),
      user_id: movement.userId,
      currency: movement.currency,
      amount: -taken,
      reason: movement.reason,
      reference: movement.reference,
      created_at: nowIso(),
    })
  }
  const owed = movement.amount - taken
  if (owed > 0) await addToOwed(trx, movement.userId, OWED_COLUMN[movement.currency], owed)
  return { taken, owed }
}

/** What an account owes in each currency after refunds and disputes (0 when nothing). */
export async function owedCredit(db: Transaction<Database> | Kysely<Database>, userId: string) {
  const [digital, physical] = await Promise.all(
    (['digital', 'physical'] as const).map((currency) =>
      findBalanceAndOwed(db, userId, BALANCE_COLUMN[currency], OWED_COLUMN[currency]),
    ),
  )
  return { digital: digital?.owed ?? 0, physical: physical?.owed ?? 0 }
}

/**
 * Takes credit with a conditional update, so concurrent spends can never push a balance below zero.
 * Throws InsufficientCredit (with the missing amount) when the balance does not cover it, and CreditOwed while the
 * account owes credit after a refund or dispute (spending waits until that is settled). `whileOwed` is for the
 * forfeit of a deleted account's credit only.
 * Returns the balance left, which the update itself reads back.
 */
export async function debit(
  trx: Transaction<Database>,
  movement: CreditMovement,
  options: { whileOwed?: boolean } = {},
): Promise<number> {
  assertPositiveWhole(movement.amount)
  const left = await subtractFromBalanceIfCovered(
    trx,
    movement.userId,
    BALANCE_COLUMN[movement.currency],
    movement.amount,
    options.whileOwed ? undefined : OWED_COLUMN[movement.currency],
  )
  if (left === undefined) return refuseDebit(trx, movement, options)
  await recordDebit(trx, movement)
  return left
}

/** What a purchase's debit read back from the traveller's row in the same update. */
export interface PurchaseDebit {
  digitalCredit: number
  /** The experience after the purchase's gain. */
  experience: number
  /** The draw guarantee counter, read while the update holds the row: a concurrent draw waits for this one's. */
  drawsSinceEpic: number
  emailConfirmed: boolean
  /** The inviter of a referral reward still held for the traveller, which a first card may release. */
  pendingReferralInviterId: string | null
}

/**
 * A pick's or a draw's debit of digital credit, with the same guarantees and refusals as `debit`, made by the one update
 * of the traveller's row that also adds the experience known before the purchase and reads back what the purchase goes on
 * to need: the experience, the draw guarantee counter and a held referral reward. On PostgreSQL, where each statement is
 * a round trip, that update writes the debit's ledger row too, in one statement.
 */
export async function debitPurchase(
  trx: Transaction<Database>,
  movement: Omit<CreditMovement, 'currency'>,
  experienceGained: number,
): Promise<PurchaseDebit> {
  assertPositiveWhole(movement.amount)
  const digitalMovement: CreditMovement = { ...movement, currency: 'digital' }
  const row = await subtractPurchaseIfCovered(
    trx,
    { userId: movement.userId, price: movement.amount, experienceGained },
    { id: newId(), reason: movement.reason, reference: movement.reference, createdAt: nowIso() },
  )
  if (!row) return refuseDebit(trx, digitalMovement)
  return {
    digitalCredit: row.digital_credit,
    experience: row.experience,
    drawsSinceEpic: row.draws_since_epic,
    emailConfirmed: row.email_verified_at !== null,
    pendingReferralInviterId: row.pending_referral_inviter_id ?? null,
  }
}

/** Why a debit's conditional update took nothing: credit owed, or a balance short of the amount. */
async function refuseDebit(
  trx: Transaction<Database>,
  movement: CreditMovement,
  options: { whileOwed?: boolean } = {},
): Promise<never> {
  const standing = await findBalanceAndOwed(
    trx,
    movement.userId,
    BALANCE_COLUMN[movement.currency],
    OWED_COLUMN[movement.currency],
  )
  if (!options.whileOwed && standing && standing.owed > 0) throw new CreditOwedError(standing.owed)
  throw new InsufficientCreditError(movement.amount - (standing?.balance ?? 0))
}

async function recordDebit(trx: Transaction<Database>, movement: CreditMovement): Promise<void> {
  await insertCreditLedgerEntry(trx, {
    id: newId(),
    user_id: movement.userId,
    currency: movement.currency,
    amount: -movement.amount,
    reason: movement.reason,
    reference: movement.reference,
    created_at: nowIso(),
  })
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
      await debit(
        trx,
        { userId, currency, amount, reason: ACCOUNT_CLOSED_REASON, reference: tombstoneId },
        { whileOwed: true },
      )
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

/** Spending refused while the account owes credit after a refund or a dispute of a purchase. */
export class CreditOwedError extends AppError {
  constructor(readonly owed: number) {
    super('RuleViolation', PAYMENT_REVERSAL_TEXTS.spendingBlocked(owed))
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
