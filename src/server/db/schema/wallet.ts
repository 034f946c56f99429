import type { Generated } from 'kysely'

/**
 * Credit: the ledger, products, certificates, payments with their refunds and disputes, spending limits and
 * referral rewards. Composed into `Database` by ../schema.ts.
 */

export interface CreditLedgerTable {
  id: string
  user_id: string
  /** digital | physical */
  currency: string
  /** Signed: a credit is positive, a debit negative. */
  amount: number
  /** What moved the credit: purchase, certificate, referral, pick, draw, recycle, memory_transfer … */
  reason: string
  /** The id of the thing that moved it; (user, currency, reason, reference) is unique. */
  reference: string
  created_at: string
}

export interface CreditProductsTable {
  id: number
  /** 1 physical credit, 2 digital credit. */
  product_type: number
  credit_value: number
  list_price_cents: number
  actual_price_cents: number
  sort_order: number
  active: number
}

export interface CreditCertificatesTable {
  id: string
  user_id: string
  /** digital | physical */
  currency: string
  credit_value: number
  redeem_code: string
  /** welcome | invitation | draw */
  source: string
  /** With source, unique: a user id for welcome and invitation, a transaction id for draws. */
  source_ref: string
  created_at: string
  redeemed_at: string | null
}

export interface PaymentsTable {
  id: string
  user_id: string
  credit_product_id: number
  /** stripe | test */
  provider: string
  provider_payment_id: string
  amount_cents: number
  currency: string
  credit_value: number
  /** 1 physical, 2 digital, copied from the product at purchase time. */
  product_type: number
  created_at: string
  fulfilled_at: string | null
  /** The re-check at fulfilment refused it: it would have passed the buyer's spending limit. Never credited. */
  refused_at: string | null
  /** When the provider gave a refused payment's money back; null while the refund is still owed. */
  refunded_at: string | null
  /** The largest refunded total the provider has reported for this payment, in cents. */
  refunded_cents: Generated<number>
  /** Credit taken back so far for the payment's refunds (in proportion to the refunded share). */
  refund_credit_taken: Generated<number>
}

/** A refund or dispute event of the payment provider, recorded once per event id, with its effect on the ledger. */
export interface PaymentEventsTable {
  /** The provider's event id: a replay of the event finds it here and changes nothing. */
  id: string
  /** Null when the event names a payment this app does not know. */
  payment_id: string | null
  provider_payment_id: string | null
  /** charge.refunded, charge.dispute.created, charge.dispute.closed, charge.dispute.funds_withdrawn … */
  type: string
  /** The charge (refunds) or the dispute the event is about. */
  provider_object_id: string
  amount_cents: number
  /** The dispute's status as the event reported it; null for refunds. */
  status: string | null
  /** Credit taken from the balance, credit that became owed (already spent) and credit given back, each ≥ 0. */
  credit_taken: number
  credit_owed: number
  credit_restored: number
  /** What the event did: reversed, restored, noEffect, unknownPayment, notCredited, accountClosed. */
  outcome: string
  received_at: string
}

/** A dispute of a purchase, with the credit it holds back (taken when opened, given back when won). */
export interface PaymentDisputesTable {
  id: string
  payment_id: string
  /** The provider's status: needs_response, under_review, won, lost, warning_closed … */
  status: string
  amount_cents: number
  credit_held: number
  opened_at: string
  closed_at: string | null
}

/** A user's monthly spending limit on credit purchases, in US cents (docs/product.md#spending-limits). */
export interface SpendingLimitsTable {
  user_id: string
  /** The limit in force; null: none. */
  monthly_limit_cents: number | null
  /** A raise or removal waiting its 24 hours (null with pending_applies_at set: the limit goes). */
  pending_limit_cents: number | null
  /** Set while a change waits; it applies from this instant. */
  pending_applies_at: string | null
  updated_at: string
}

/** A purchase started and not yet paid: its price counts against the month until it expires. Id = the payment's id. */
export interface SpendingHoldsTable {
  id: string
  user_id: string
  amount_cents: number
  created_at: string
  expires_at: string
}

export interface TestPaymentIntentsTable {
  id: string
  client_secret: string
  amount_cents: number
  currency: string
  /** requires_payment_method | succeeded | canceled | refunded */
  status: string
  last_error: string | null
  card_last4: string | null
  metadata: string
  created_at: string
  updated_at: string
}

export interface ReferralRewardsTable {
  invitee_id: string
  inviter_id: string
  /** When the invited friend joined. */
  created_at: string
  status: 'pending' | 'paid' | 'overLimit'
  /**
   * When the reward was settled (paid, or over the monthly limit): when the friend confirmed their address, or at their
   * first card for accounts from before confirmation; null while pending.
   */
  settled_at: string | null
}

export interface ReferralRewardMonthsTable {
  inviter_id: string
  /** The calendar month in UTC, `YYYY-MM`. */
  month: string
  paid_count: number
}
