import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'
import { SPENDING_LIMIT_MAX_DOLLARS } from './constants'

/** creditProductType 1 buys physical credit, 2 digital credit; prices are US dollars (9.99). */
export const CreditProductSchema = Type.Object({
  creditProductId: IntegerSchema(),
  creditProductType: IntegerSchema(),
  creditProductValue: CreditAmountSchema,
  listPrice: Type.Number(),
  actualPrice: Type.Number(),
})
export type CreditProduct = Static<typeof CreditProductSchema>

/** source: welcome | invitation | draw. */
export const CreditCertificateSchema = Type.Object({
  creditCertificateId: IdSchema,
  creditValue: CreditAmountSchema,
  redeemCode: Type.String(),
  source: Type.String(),
})
export type CreditCertificate = Static<typeof CreditCertificateSchema>

export const WalletBalancesSchema = Type.Object({
  digitalCredit: CreditAmountSchema,
  physicalCredit: CreditAmountSchema,
})
export type WalletBalances = Static<typeof WalletBalancesSchema>

export const PaymentProviderNameSchema = Type.Union([Type.Literal('stripe'), Type.Literal('test')])
export type PaymentProviderName = Static<typeof PaymentProviderNameSchema>

/** The client sends only which product; the amount always comes from the server's product table. */
export const CreatePaymentIntentBodySchema = Type.Object({ selectedCreditProduct: IntegerSchema({ minimum: 1 }) })
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBodySchema>

/** provider tells the client which payment form to show; publishableKey is set for Stripe only. */
export const CreatePaymentIntentResultSchema = Type.Object({
  clientSecret: Type.String(),
  dpmCheckerLink: Type.Union([Type.String(), Type.Null()]),
  provider: PaymentProviderNameSchema,
  publishableKey: Type.Optional(Type.String()),
})
export type CreatePaymentIntentResult = Static<typeof CreatePaymentIntentResultSchema>

export const VerifyPaymentIntentBodySchema = Type.Object({
  paymentIntentId: TextSchema({ minLength: 1, maxLength: 255 }),
})
export type VerifyPaymentIntentBody = Static<typeof VerifyPaymentIntentBodySchema>

/**
 * refusedBySpendingLimit: the payment went through at the provider but would have passed the buyer's spending limit
 * in force when it was paid, so it was not credited and is refunded (docs/product.md#spending-limits).
 */
export const VerifyPaymentIntentResultSchema = Type.Object({
  paid: Type.Boolean(),
  userData: WalletBalancesSchema,
  refusedBySpendingLimit: Type.Optional(Type.Boolean()),
})
export type VerifyPaymentIntentResult = Static<typeof VerifyPaymentIntentResultSchema>

export const RedeemCreditCertificateBodySchema = Type.Object({ redeemCode: TextSchema({ maxLength: 64 }) })
export type RedeemCreditCertificateBody = Static<typeof RedeemCreditCertificateBodySchema>

export const RedeemCreditCertificateResultSchema = Type.Object({
  result: Type.Boolean(),
  creditValue: CreditAmountSchema,
  userData: WalletBalancesSchema,
})
export type RedeemCreditCertificateResult = Static<typeof RedeemCreditCertificateResultSchema>

/** Card numbers of the built-in test-mode provider; no real card is ever charged. */
export const TEST_MODE_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const

/** expiry is MM/YY. */
export const TestModeConfirmBodySchema = Type.Object({
  clientSecret: TextSchema({ minLength: 1, maxLength: 255 }),
  cardNumber: TextSchema({ maxLength: 32 }),
  expiry: TextSchema({ maxLength: 8 }),
  cvc: TextSchema({ maxLength: 8 }),
})
export type TestModeConfirmBody = Static<typeof TestModeConfirmBodySchema>

/** Shaped like Stripe's confirmPayment answer: a refused card is an answer with an error, not a failed call. */
export const TestModeConfirmResultSchema = Type.Object({
  paymentIntentId: Type.String(),
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('requires_payment_method')]),
  error: Type.Optional(
    Type.Object({
      type: Type.Union([Type.Literal('card_error'), Type.Literal('validation_error')]),
      message: Type.String(),
    }),
  ),
})
export type TestModeConfirmResult = Static<typeof TestModeConfirmResultSchema>

/**
 * A friend who joined with the user's code and the reward for them: `pending` until the friend's first pick or draw,
 * then `paid`, or `overLimit` when the inviter had already received the month's referral rewards.
 */
export const ReferralRewardStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('overLimit'),
])
export type ReferralRewardStatus = Static<typeof ReferralRewardStatusSchema>

export const ReferralSchema = Type.Object({
  username: Type.String(),
  avatarId: IntegerSchema(),
  joinedAt: IsoDateTimeSchema,
  status: ReferralRewardStatusSchema,
  settledAt: Type.Union([IsoDateTimeSchema, Type.Null()]),
})
export type Referral = Static<typeof ReferralSchema>

/** The inviter's referrals, newest first (the latest REFERRALS_LISTED), and this month's count against the limit. */
export const ReferralRewardsResultSchema = Type.Object({
  rewardCredit: CreditAmountSchema,
  monthlyLimit: IntegerSchema(),
  paidThisMonth: IntegerSchema(),
  pendingCount: IntegerSchema(),
  referrals: Type.Array(ReferralSchema),
})
export type ReferralRewardsResult = Static<typeof ReferralRewardsResultSchema>

export const REFERRALS_LISTED = 50

/** A monthly limit in whole US dollars (0 blocks every purchase), or null for no limit. */
export const MonthlyLimitSchema = Type.Union([IntegerSchema({ maximum: SPENDING_LIMIT_MAX_DOLLARS }), Type.Null()])

/**
 * The traveller's spending limit on credit purchases (docs/product.md#spending-limits); money in US dollars, the month
 * a calendar month in UTC. pendingChange: a raise or removal (monthlyLimit null) that applies at appliesAt.
 */
export const SpendingLimitSchema = Type.Object({
  monthlyLimit: Type.Union([Type.Number(), Type.Null()]),
  pendingChange: Type.Union([
    Type.Object({ monthlyLimit: Type.Union([Type.Number(), Type.Null()]), appliesAt: IsoDateTimeSchema }),
    Type.Null(),
  ]),
  /** YYYY-MM, UTC. */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  /** Purchases paid this month. */
  spentThisMonth: Type.Number(),
  /** Purchases started in the last hour and not paid yet, which count until they are paid or lapse. */
  heldThisMonth: Type.Number(),
  /** What the limit leaves for this month, or null without a limit. */
  leftThisMonth: Type.Union([Type.Number(), Type.Null()]),
  /** The first instant of next month (UTC), when spending starts from zero. */
  monthEndsAt: IsoDateTimeSchema,
})
export type SpendingLimit = Static<typeof SpendingLimitSchema>

export const SetSpendingLimitBodySchema = Type.Object({ monthlyLimit: MonthlyLimitSchema })
export type SetSpendingLimitBody = Static<typeof SetSpendingLimitBodySchema>

const credits = (amount: number) => amount.toLocaleString('en-US')

/** What a traveller is told when a refund or a dispute of a purchase takes its credit back (docs/product.md). */
export const PAYMENT_REVERSAL_TEXTS = {
  spendingBlocked: (owed: number) =>
    `Your balance is ${credits(-owed)} credits: a purchase was refunded or disputed after its credit was spent. ` +
    'Buy credit to settle it; spending is paused until then.',
  refundTitle: 'Purchase refunded',
  refund: (amount: number, owed: number) =>
    `A purchase was refunded, so its ${credits(amount)} credits were taken back from your wallet.` +
    (owed > 0 ? ` ${credits(owed)} of them were already spent: your balance is negative until you buy credit.` : ''),
  disputeTitle: 'Purchase disputed',
  dispute: (amount: number, owed: number) =>
    `A payment for your purchase was disputed with your bank, so its ${credits(amount)} credits are held back ` +
    'while the dispute lasts.' +
    (owed > 0 ? ` ${credits(owed)} of them were already spent: your balance is negative until you buy credit.` : ''),
  disputeWonTitle: 'Dispute closed',
  disputeWon: (amount: number) =>
    `The dispute of your purchase was closed in the purchase's favour: its ${credits(amount)} credits are back.`,
} as const
