import type { Kysely, Selectable, Transaction } from 'kysely'

import {
  CONSOLE_PAYMENT_TEXTS,
  CONSOLE_PAYMENTS_LISTED,
  type ConsolePayment,
  type ConsolePaymentEvent,
  type ConsolePayments,
  type ConsolePaymentsQuery,
  type ConsolePaymentStatus,
} from '@shared/consolePayments'
import { PHYSICAL_CREDIT_PRODUCT_TYPE } from '@shared/constants'

import type { Database, PaymentDisputesTable, PaymentEventsTable } from '../../db/schema'
import { AppError } from '../../lib/errors'

import * as consoleQueries from './console.queries'
import type { PaymentProvider } from './payments/paymentProvider'
import { applyPaymentEvent, type PaymentEventOutcome } from './reversals'

type PaymentRow = Awaited<ReturnType<typeof consoleQueries.listPaymentsWithBuyers>>[number]

function eventOf(row: Selectable<PaymentEventsTable>): ConsolePaymentEvent {
  return {
    eventId: row.id,
    type: row.type,
    providerPaymentId: row.provider_payment_id,
    amountCents: row.amount_cents,
    status: row.status,
    creditTaken: row.credit_taken,
    creditOwed: row.credit_owed,
    creditRestored: row.credit_restored,
    outcome: row.outcome,
    receivedAt: row.received_at,
  }
}

function statusOf(row: PaymentRow, disputes: Selectable<PaymentDisputesTable>[]): ConsolePaymentStatus {
  if (row.fulfilled_at == null) {
    if (row.refused_at != null) return row.refunded_at != null ? 'refusedAndRefunded' : 'refused'
    return 'pending'
  }
  if (disputes.some((dispute) => dispute.closed_at == null)) return 'disputed'
  if (disputes.some((dispute) => dispute.credit_held > 0)) return 'disputeLost'
  if (row.refunded_cents >= row.amount_cents) return 'refunded'
  return row.refunded_cents > 0 ? 'partlyRefunded' : 'paid'
}

function paymentOf(
  row: PaymentRow,
  events: Selectable<PaymentEventsTable>[],
  disputes: Selectable<PaymentDisputesTable>[],
  providerName: string | null,
): ConsolePayment {
  const creditKind = row.product_type === PHYSICAL_CREDIT_PRODUCT_TYPE ? 'physical' : 'digital'
  const status = statusOf(row, disputes)
  const closed = row.closed_at != null
  return {
    providerPaymentId: row.provider_payment_id,
    provider: row.provider,
    userId: row.user_id,
    username: closed ? null : row.username,
    email: closed ? null : row.email,
    amountCents: row.amount_cents,
    currency: row.currency,
    credit: row.credit_value,
    creditKind,
    createdAt: row.created_at,
    paidAt: row.fulfilled_at,
    status,
    refundedCents: row.refunded_cents,
    creditReversed: row.refund_credit_taken + disputes.reduce((sum, dispute) => sum + dispute.credit_held, 0),
    buyerOwes: creditKind === 'physical' ? row.physical_credit_owed : row.digital_credit_owed,
    events: events.map(eventOf),
    refundable: !closed && row.provider === providerName && (status === 'paid' || status === 'partlyRefunded'),
  }
}

async function describe(db: Kysely<Database> | Transaction<Database>, rows: PaymentRow[], providerName: string | null) {
  const ids = rows.map((row) => row.id)
  const [events, disputes] = await Promise.all([
    consoleQueries.listEventsOfPayments(db, ids),
    consoleQueries.listDisputesOfPayments(db, ids),
  ])
  return rows.map((row) =>
    paymentOf(
      row,
      events.filter((event) => event.payment_id === row.id),
      disputes.filter((dispute) => dispute.payment_id === row.id),
      providerName,
    ),
  )
}

/** The console's purchases, of one traveller when searched for, with their refunds, disputes and ledger effect. */
export async function getConsolePayments(
  db: Kysely<Database>,
  provider: Pick<PaymentProvider, 'name'> | null,
  query: ConsolePaymentsQuery,
): Promise<ConsolePayments> {
  const userIds = query.traveller ? await consoleQueries.findTravellerIds(db, query.traveller) : undefined
  const rows =
    userIds?.length === 0 ? [] : await consoleQueries.listPaymentsWithBuyers(db, userIds, CONSOLE_PAYMENTS_LISTED)
  return {
    payments: await describe(db, rows, provider?.name ?? null),
    recentEvents: query.traveller
      ? []
      : (await consoleQueries.listRecentEvents(db, CONSOLE_PAYMENTS_LISTED)).map(eventOf),
  }
}

/**
 * An operator's refund of a purchase, in full, through the provider. The credit is taken back at once through the same
 * path as a provider's refund event (`operator-refund:<payment>`, the whole amount), and `record` writes the audit row
 * in that transaction; the provider's own `charge.refunded` that follows reports the same total and takes nothing more.
 */
export async function refundPurchase(
  db: Kysely<Database>,
  provider: PaymentProvider,
  providerPaymentId: string,
  record: (trx: Transaction<Database>, outcome: PaymentEventOutcome) => Promise<void>,
): Promise<ConsolePayment> {
  const before = await consoleQueries.findPaymentWithBuyer(db, providerPaymentId)
  if (!before) throw new AppError('NotFound', CONSOLE_PAYMENT_TEXTS.notFound)
  const [described] = await describe(db, [before], provider.name)
  if (!described?.refundable) throw new AppError('Conflict', CONSOLE_PAYMENT_TEXTS.notRefundable)
  await provider.refundIntent(providerPaymentId)
  await applyPaymentEvent(
    db,
    {
      kind: 'refund',
      eventId: `operator-refund:${before.id}`,
      providerPaymentId,
      chargeId: providerPaymentId,
      amountCents: before.amount_cents,
      refundedCents: before.amount_cents,
      recordedType: 'operator.refund',
    },
    record,
  )
  const after = await consoleQueries.findPaymentWithBuyer(db, providerPaymentId)
  const [payment] = await describe(db, after ? [after] : [], provider.name)
  if (!payment) throw new AppError('NotFound', CONSOLE_PAYMENT_TEXTS.notFound)
  return payment
}
