import type { Kysely, Selectable, Transaction } from 'kysely'

import { PHYSICAL_CREDIT_PRODUCT_TYPE } from '@shared/constants'
import { PAYMENT_REVERSAL_TEXTS } from '@shared/wallet'

import type { Database, PaymentsTable } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { nowIso } from '../../lib/clock'
import { enqueueMail } from '../mail/service'
import { notify } from '../notifications/service'

import { credit, type CreditCurrency, takeBack } from './ledger'
import { lockBuyerOf } from './paymentLocks'
import { findAccountStanding } from './queries'
import * as reversalQueries from './reversals.queries'

/**
 * A refund or dispute event of the payment provider, as the ledger cares about it (docs/product.md#refunds-and-disputes).
 * Refunds carry the charge's refunded total so far: events that arrive late or twice then change nothing.
 */
export type PaymentReversalEvent =
  | {
      kind: 'refund'
      eventId: string
      providerPaymentId: string | null
      chargeId: string
      /** The charge's amount and the total refunded of it so far, in cents. */
      amountCents: number
      refundedCents: number
      /** What the event is recorded as, when not Stripe's charge.refunded (an operator's refund). */
      recordedType?: string
    }
  | {
      kind: 'dispute'
      eventId: string
      /** charge.dispute.created, .closed, .funds_withdrawn, .funds_reinstated, .updated */
      type: 'created' | 'closed' | 'funds_withdrawn' | 'funds_reinstated' | 'updated'
      providerPaymentId: string | null
      disputeId: string
      amountCents: number
      status: string
    }

export type PaymentEventOutcome =
  'reversed' | 'restored' | 'noEffect' | 'duplicate' | 'unknownPayment' | 'notCredited' | 'accountClosed'

/** Dispute statuses that end a dispute in the purchase's favour: the credit held for it comes back. */
const DISPUTE_WON = new Set(['won', 'warning_closed'])

interface Effect {
  taken: number
  owed: number
  restored: number
}
const NO_EFFECT: Effect = { taken: 0, owed: 0, restored: 0 }

type Payment = Selectable<PaymentsTable>

function currencyOf(payment: Payment): CreditCurrency {
  return payment.product_type === PHYSICAL_CREDIT_PRODUCT_TYPE ? 'physical' : 'digital'
}

/** The credit a share of the payment's money stands for, rounded down (a partial refund never takes a credit more). */
function creditShare(payment: Payment, cents: number): number {
  if (payment.amount_cents <= 0) return payment.credit_value
  return Math.floor((payment.credit_value * Math.min(cents, payment.amount_cents)) / payment.amount_cents)
}

/**
 * Applies one refund or dispute event: recorded once per event id (a replay answers `duplicate` and changes nothing),
 * in one transaction that locks the buyer's row before the payment's rows (docs/security.md#locks). Credit is taken
 * back or given back through the ledger, and the traveller is told (a notification, and an e-mail at a confirmed
 * address).
 */
export async function applyPaymentEvent(
  db: Kysely<Database>,
  event: PaymentReversalEvent,
  alsoInTransaction?: (trx: Transaction<Database>, outcome: PaymentEventOutcome) => Promise<void>,
): Promise<PaymentEventOutcome> {
  return inTransaction(db, async (trx): Promise<PaymentEventOutcome> => {
    const payment = event.providerPaymentId ? await lockBuyerOf(trx, event.providerPaymentId) : undefined
    const recorded = await reversalQueries.insertPaymentEventOnce(trx, {
      id: event.eventId,
      payment_id: payment?.id ?? null,
      provider_payment_id: event.providerPaymentId,
      type: event.kind === 'refund' ? (event.recordedType ?? 'charge.refunded') : `charge.dispute.${event.type}`,
      provider_object_id: event.kind === 'refund' ? event.chargeId : event.disputeId,
      amount_cents: event.kind === 'refund' ? event.refundedCents : event.amountCents,
      status: event.kind === 'refund' ? null : event.status,
      credit_taken: 0,
      credit_owed: 0,
      credit_restored: 0,
      outcome: payment ? 'noEffect' : 'unknownPayment',
      received_at: nowIso(),
    })
    if (!recorded) {
      await alsoInTransaction?.(trx, 'duplicate')
      return 'duplicate'
    }
    if (!payment) return 'unknownPayment'
    let outcome: PaymentEventOutcome
    let effect = NO_EFFECT
    if (payment.fulfilled_at == null) {
      // Never credited (unpaid, or refused by the spending limit and refunded for that): nothing to take back.
      outcome = 'notCredited'
    } else if ((await findAccountStanding(trx, payment.user_id)) !== 'open') {
      // The account is being erased or is gone: its credit was, or is being, forfeited.
      outcome = 'accountClosed'
    } else {
      effect =
        event.kind === 'refund' ? await applyRefund(trx, payment, event) : await applyDispute(trx, payment, event)
      outcome = effect.restored > 0 ? 'restored' : effect.taken + effect.owed > 0 ? 'reversed' : 'noEffect'
      if (outcome !== 'noEffect') await tellTraveller(trx, payment, event, effect)
    }
    await reversalQueries.updatePaymentEventEffect(trx, event.eventId, {
      credit_taken: effect.taken,
      credit_owed: effect.owed,
      credit_restored: effect.restored,
      outcome,
    })
    await alsoInTransaction?.(trx, outcome)
    return outcome
  })
}

/**
 * A refund takes back the credit in proportion to the money refunded (rounded down); the refunded total only grows,
 * so an older event arriving after a newer one finds nothing left to take. Credit a dispute already holds is not
 * taken twice.
 */
async function applyRefund(
  trx: Transaction<Database>,
  payment: Payment,
  event: Extract<PaymentReversalEvent, { kind: 'refund' }>,
): Promise<Effect> {
  const refundedCents = Math.min(event.refundedCents, payment.amount_cents)
  if (refundedCents <= payment.refunded_cents) return NO_EFFECT
  const held = await reversalQueries.sumDisputeHolds(trx, payment.id)
  const target = Math.max(
    payment.refund_credit_taken,
    Math.min(creditShare(payment, refundedCents), payment.credit_value - held),
  )
  await reversalQueries.updatePaymentRefundProgress(trx, payment.id, refundedCents, target)
  const amount = target - payment.refund_credit_taken
  if (amount <= 0) return NO_EFFECT
  const { taken, owed } = await takeBack(trx, {
    userId: payment.user_id,
    currency: currencyOf(payment),
    amount,
    reason: 'refund',
    reference: event.eventId,
  })
  return { taken, owed, restored: 0 }
}

/**
 * A dispute holds back the disputed share of the credit from the moment it is opened (before the money leaves);
 * a dispute closed won (or an inquiry closed without a chargeback) gives it back, a lost one keeps it. The funds
 * events change no credit: the hold already happened when the dispute opened, and a won dispute's reinstated funds
 * come with its close. A close that arrives before the opening is applied as it stands, and the late opening then
 * finds the dispute recorded and changes nothing.
 */
async function applyDispute(
  trx: Transaction<Database>,
  payment: Payment,
  event: Extract<PaymentReversalEvent, { kind: 'dispute' }>,
): Promise<Effect> {
  const at = nowIso()
  const hold = async () => {
    const others = await reversalQueries.sumDisputeHolds(trx, payment.id, event.disputeId)
    return Math.max(
      0,
      Math.min(creditShare(payment, event.amountCents), payment.credit_value - payment.refund_credit_taken - others),
    )
  }
  const holdCredit = async (amount: number): Promise<Effect> => {
    if (amount <= 0) return NO_EFFECT
    const { taken, owed } = await takeBack(trx, {
      userId: payment.user_id,
      currency: currencyOf(payment),
      amount,
      reason: 'dispute',
      reference: event.disputeId,
    })
    return { taken, owed, restored: 0 }
  }
  const existing = await reversalQueries.findDispute(trx, event.disputeId)
  if (event.type === 'created') {
    if (existing) return NO_EFFECT
    const amount = await hold()
    await reversalQueries.insertDisputeOnce(trx, {
      id: event.disputeId,
      payment_id: payment.id,
      status: event.status,
      amount_cents: event.amountCents,
      credit_held: amount,
      opened_at: at,
      closed_at: null,
    })
    return holdCredit(amount)
  }
  if (event.type === 'closed') {
    const won = DISPUTE_WON.has(event.status)
    if (!existing) {
      const amount = won ? 0 : await hold()
      await reversalQueries.insertDisputeOnce(trx, {
        id: event.disputeId,
        payment_id: payment.id,
        status: event.status,
        amount_cents: event.amountCents,
        credit_held: amount,
        opened_at: at,
        closed_at: at,
      })
      return holdCredit(amount)
    }
    if (existing.closed_at != null) return NO_EFFECT
    await reversalQueries.updateDisputeClosed(trx, event.disputeId, event.status, won ? 0 : existing.credit_held, at)
    if (!won || existing.credit_held <= 0) return NO_EFFECT
    await credit(trx, {
      userId: payment.user_id,
      currency: currencyOf(payment),
      amount: existing.credit_held,
      reason: 'dispute_won',
      reference: event.disputeId,
    })
    return { taken: 0, owed: 0, restored: existing.credit_held }
  }
  if (existing) await reversalQueries.updateOpenDisputeStatus(trx, event.disputeId, event.status)
  return NO_EFFECT
}

async function tellTraveller(
  trx: Transaction<Database>,
  payment: Payment,
  event: PaymentReversalEvent,
  effect: Effect,
): Promise<void> {
  const texts = PAYMENT_REVERSAL_TEXTS
  const [title, content] =
    effect.restored > 0
      ? [texts.disputeWonTitle, texts.disputeWon(effect.restored)]
      : event.kind === 'refund'
        ? [texts.refundTitle, texts.refund(effect.taken + effect.owed, effect.owed)]
        : [texts.disputeTitle, texts.dispute(effect.taken + effect.owed, effect.owed)]
  await notify(trx, payment.user_id, title, content, '/myWallet')
  const recipient = await reversalQueries.findReversalRecipient(trx, payment.user_id)
  if (!recipient?.email_verified_at) return
  await enqueueMail(trx, {
    kind: 'purchaseReversed',
    userId: payment.user_id,
    to: recipient.email,
    payload: { username: recipient.username, title, text: content, reference: payment.provider_payment_id },
    dedupeKey: `purchaseReversed:${event.eventId}`,
  })
}
