import type { Kysely, Transaction } from 'kysely'

import { SPENDING_HOLD_MINUTES, SPENDING_LIMIT_RAISE_DELAY_HOURS } from '@shared/constants'
import type { SpendingLimit } from '@shared/wallet'

import type { Database, SpendingLimitsTable } from '../../db/schema'
import { now } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { JobLog, PeriodicJob } from '../../lib/jobs'

import * as walletQueries from './queries'
import * as spendingQueries from './spendingLimits.queries'

/**
 * Monthly spending limits on credit purchases (docs/product.md#spending-limits). Money is counted in US cents over
 * the calendar month in UTC: a payment counts in the month it was paid. A purchase is checked twice, each time with
 * the user's limit row taken so that one user's purchases and payments go one at a time:
 * - when it starts (before the provider's intent exists), against what was paid this month plus the holds of
 *   purchases started in the last SPENDING_HOLD_MINUTES and not paid yet; it then holds its own price;
 * - when it is paid, against what was paid this month and the limit in force then. A payment refused there is never
 *   credited, and the provider refunds it.
 */

const RAISE_DELAY_MS = SPENDING_LIMIT_RAISE_DELAY_HOURS * 60 * 60 * 1000
const HOLD_MS = SPENDING_HOLD_MINUTES * 60 * 1000

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

function dollars(cents: number): number {
  return cents / 100
}

function formatCents(cents: number): string {
  return usd.format(dollars(cents))
}

/** The UTC calendar month of an instant and the first instant of the next, as ISO prefixes and timestamp. */
function monthAround(instant: Date): { month: string; nextMonth: string; monthEndsAt: string } {
  const month = instant.toISOString().slice(0, 7)
  const next = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1))
  return { month, nextMonth: next.toISOString().slice(0, 7), monthEndsAt: next.toISOString() }
}

type LimitRow = Pick<SpendingLimitsTable, 'monthly_limit_cents' | 'pending_limit_cents' | 'pending_applies_at'>

/** The row as it stands at `instant`: a waiting change that has come due is in force. */
function inForce(row: LimitRow | undefined, instant: string): LimitRow | undefined {
  if (!row?.pending_applies_at || row.pending_applies_at > instant) return row
  return { monthly_limit_cents: row.pending_limit_cents, pending_limit_cents: null, pending_applies_at: null }
}

async function describe(db: Kysely<Database> | Transaction<Database>, userId: string, row: LimitRow | undefined) {
  const instant = now()
  const iso = instant.toISOString()
  const { month, nextMonth, monthEndsAt } = monthAround(instant)
  const [spent, held] = await Promise.all([
    spendingQueries.sumPaidBetween(db, userId, month, nextMonth),
    spendingQueries.sumLiveSpendingHolds(db, userId, iso),
  ])
  const limit = inForce(row, iso)
  const limitCents = limit?.monthly_limit_cents ?? null
  const result: SpendingLimit = {
    monthlyLimit: limitCents === null ? null : dollars(limitCents),
    pendingChange: limit?.pending_applies_at
      ? {
          monthlyLimit: limit.pending_limit_cents === null ? null : dollars(limit.pending_limit_cents),
          appliesAt: limit.pending_applies_at,
        }
      : null,
    month,
    spentThisMonth: dollars(spent),
    heldThisMonth: dollars(held),
    leftThisMonth: limitCents === null ? null : dollars(Math.max(0, limitCents - spent - held)),
    monthEndsAt,
  }
  return { result, spent, held, limitCents, monthEndsAt }
}

export async function getSpendingLimit(db: Kysely<Database>, userId: string): Promise<SpendingLimit> {
  return (await describe(db, userId, await spendingQueries.findSpendingLimit(db, userId))).result
}

/**
 * Sets the monthly limit (whole dollars, null: none). A limit at or below the one in force applies at once and drops a
 * waiting raise; a higher limit, or none, waits SPENDING_LIMIT_RAISE_DELAY_HOURS from now. Asking again for the raise
 * already waiting keeps its time, so a second click does not push it back.
 */
export async function setSpendingLimit(
  trx: Transaction<Database>,
  userId: string,
  monthlyLimitDollars: number | null,
): Promise<SpendingLimit> {
  const instant = now()
  const iso = instant.toISOString()
  // The account's row before its limit's, as on every path to a user's credit and payments.
  await walletQueries.lockCreditAccount(trx, userId)
  const settled = await spendingQueries.settleSpendingLimit(trx, userId, iso)
  const current = settled?.monthly_limit_cents ?? null
  const requested = monthlyLimitDollars === null ? null : monthlyLimitDollars * 100
  const lowers = requested !== null && (current === null || requested <= current)
  const alreadyWaiting = settled?.pending_applies_at != null && settled.pending_limit_cents === requested
  let row: SpendingLimitsTable
  if (lowers) {
    row = {
      user_id: userId,
      monthly_limit_cents: requested,
      pending_limit_cents: null,
      pending_applies_at: null,
      updated_at: iso,
    }
  } else if (current === null || alreadyWaiting) {
    // No limit asked with none in force, or the same change asked again: nothing changes.
    return getSpendingLimit(trx, userId)
  } else {
    row = {
      user_id: userId,
      monthly_limit_cents: current,
      pending_limit_cents: requested,
      pending_applies_at: new Date(instant.getTime() + RAISE_DELAY_MS).toISOString(),
      updated_at: iso,
    }
  }
  await spendingQueries.upsertSpendingLimit(trx, row)
  return (await describe(trx, userId, row)).result
}

/**
 * Checks a purchase about to start and holds its price against the month, in the caller's transaction (committed
 * before the provider is asked for an intent). `holdId` is the payment's id, so that fulfilment releases the hold.
 */
export async function holdForPurchase(
  trx: Transaction<Database>,
  userId: string,
  holdId: string,
  amountCents: number,
): Promise<void> {
  // The account's row before its limit's, as on every path to a user's credit and payments.
  await walletQueries.lockCreditAccount(trx, userId)
  const settled = await spendingQueries.settleSpendingLimit(trx, userId, now().toISOString())
  if (settled?.monthly_limit_cents == null) return
  const instant = now()
  await spendingQueries.deleteLapsedSpendingHolds(trx, userId, instant.toISOString())
  const { spent, held, limitCents, monthEndsAt } = await describe(trx, userId, settled)
  if (limitCents !== null && spent + held + amountCents > limitCents) {
    throw new AppError('RuleViolation', limitReached(amountCents, limitCents, spent, held, monthEndsAt))
  }
  await spendingQueries.insertSpendingHold(trx, {
    id: holdId,
    user_id: userId,
    amount_cents: amountCents,
    created_at: instant.toISOString(),
    expires_at: new Date(instant.getTime() + HOLD_MS).toISOString(),
  })
}

function limitReached(amount: number, limit: number, spent: number, held: number, monthEndsAt: string): string {
  const left = Math.max(0, limit - spent - held)
  const holding = held > 0 ? ` (purchases you started in the last hour hold ${formatCents(held)} of it)` : ''
  return (
    `This purchase of ${formatCents(amount)} would pass your monthly spending limit of ${formatCents(limit)}: ` +
    `${formatCents(left)} is left until ${monthEndsAt.slice(0, 10)} (UTC)${holding}.`
  )
}

/** Gives back the hold of a purchase whose intent could not be created. */
export async function releaseSpendingHold(db: Kysely<Database>, holdId: string): Promise<void> {
  await spendingQueries.deleteSpendingHold(db, holdId)
}

/**
 * The re-check when a payment is paid, in the fulfilment's transaction (which holds the buyer's account lock): whether what was paid this month plus this
 * payment stays within the limit in force now. The payment's own hold goes either way.
 */
export async function paymentWithinLimit(
  trx: Transaction<Database>,
  payment: { id: string; userId: string; amountCents: number },
): Promise<boolean> {
  const settled = await spendingQueries.settleSpendingLimit(trx, payment.userId, now().toISOString())
  await spendingQueries.deleteSpendingHold(trx, payment.id)
  if (settled?.monthly_limit_cents == null) return true
  const { month, nextMonth } = monthAround(now())
  const spent = await spendingQueries.sumPaidBetween(trx, payment.userId, month, nextMonth)
  return spent + payment.amountCents <= settled.monthly_limit_cents
}

/** Every hour, on one instance, expired holds are deleted so the table holds only purchases in progress. */
export function spendingHoldPurgeJob(db: Kysely<Database>, log: JobLog): PeriodicJob {
  return {
    name: 'expired-spending-hold-purge',
    periodSeconds: 60 * 60,
    run: async () => {
      const purged = await spendingQueries.deleteHoldsExpiredBy(db, now().toISOString())
      if (purged > 0) log.info({ purged }, 'expired spending holds deleted')
    },
  }
}
