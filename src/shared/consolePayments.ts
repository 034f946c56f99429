import { Type, type Static } from 'typebox'

import { IsoDateTimeSchema, TextSchema } from './common'
import { OperatorReasonSchema } from './operator'

/**
 * The console's Payments screen (docs/product.md#console-payments): purchases with their refunds and disputes and
 * what each moved in the ledger, and an operator's refund of a purchase. Operator calls, under /api/operator.
 */

export const CONSOLE_PAYMENTS_LISTED = 50

export const ConsolePaymentsQuerySchema = Type.Object({
  /** A traveller's e-mail, username or friend code (exact, any case); absent: every traveller. */
  traveller: Type.Optional(TextSchema({ minLength: 1, maxLength: 254 })),
})
export type ConsolePaymentsQuery = Static<typeof ConsolePaymentsQuerySchema>

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

/** One refund or dispute event from the provider, with its effect on the buyer's credit. */
export const ConsolePaymentEventSchema = Type.Object({
  eventId: Type.String(),
  /** charge.refunded, charge.dispute.created, charge.dispute.closed … or operator.refund */
  type: Type.String(),
  providerPaymentId: Nullable(Type.String()),
  /** Refunds: the refunded total so far; disputes: the disputed amount. */
  amountCents: Type.Integer(),
  /** A dispute's status as reported; null for refunds. */
  status: Nullable(Type.String()),
  creditTaken: Type.Integer(),
  creditOwed: Type.Integer(),
  creditRestored: Type.Integer(),
  /** reversed, restored, noEffect, unknownPayment, notCredited, accountClosed */
  outcome: Type.String(),
  receivedAt: IsoDateTimeSchema,
})
export type ConsolePaymentEvent = Static<typeof ConsolePaymentEventSchema>

export const ConsolePaymentStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('refusedAndRefunded'),
  Type.Literal('refused'),
  Type.Literal('partlyRefunded'),
  Type.Literal('refunded'),
  Type.Literal('disputed'),
  Type.Literal('disputeLost'),
])
export type ConsolePaymentStatus = Static<typeof ConsolePaymentStatusSchema>

export const ConsolePaymentSchema = Type.Object({
  /** The provider's id (pi_… on Stripe): what the receipt and the card statement name. */
  providerPaymentId: Type.String(),
  provider: Type.String(),
  userId: Type.String(),
  /** Null for a deleted account's anonymised purchases. */
  username: Nullable(Type.String()),
  email: Nullable(Type.String()),
  amountCents: Type.Integer(),
  currency: Type.String(),
  credit: Type.Integer(),
  creditKind: Type.Union([Type.Literal('digital'), Type.Literal('physical')]),
  createdAt: IsoDateTimeSchema,
  paidAt: Nullable(IsoDateTimeSchema),
  status: ConsolePaymentStatusSchema,
  refundedCents: Type.Integer(),
  /** Credit taken back for refunds and held by disputes, and what of it the buyer still owes today. */
  creditReversed: Type.Integer(),
  buyerOwes: Type.Integer(),
  events: Type.Array(ConsolePaymentEventSchema),
  refundable: Type.Boolean(),
})
export type ConsolePayment = Static<typeof ConsolePaymentSchema>

export const ConsolePaymentsSchema = Type.Object({
  /** The newest CONSOLE_PAYMENTS_LISTED purchases (of the traveller searched for). */
  payments: Type.Array(ConsolePaymentSchema),
  /** Without a search: the newest refund and dispute events, including those of payments this app does not know. */
  recentEvents: Type.Array(ConsolePaymentEventSchema),
})
export type ConsolePayments = Static<typeof ConsolePaymentsSchema>

export const RefundPurchaseBodySchema = Type.Object({
  providerPaymentId: TextSchema({ minLength: 1, maxLength: 255 }),
  reason: OperatorReasonSchema,
})
export type RefundPurchaseBody = Static<typeof RefundPurchaseBodySchema>

export const RefundPurchaseResultSchema = Type.Object({ payment: ConsolePaymentSchema })
export type RefundPurchaseResult = Static<typeof RefundPurchaseResultSchema>

export const CONSOLE_PAYMENT_TEXTS = {
  notRefundable: 'This purchase cannot be refunded: it was not paid, or it is refunded already.',
  notFound: 'No such purchase.',
  refunded: 'The purchase was refunded and its credit taken back.',
} as const
