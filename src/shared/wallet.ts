import { Type, type Static } from 'typebox'

import { CreditAmountSchema, IdSchema, IntegerSchema, IsoDateTimeSchema, TextSchema } from './common'

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

export const VerifyPaymentIntentResultSchema = Type.Object({ paid: Type.Boolean(), userData: WalletBalancesSchema })
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
