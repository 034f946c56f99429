import type { Kysely, Transaction } from 'kysely'

import { PHYSICAL_CREDIT_PRODUCT_TYPE } from '@shared/constants'
import { TEXTS } from '@shared/texts'
import type {
  CreatePaymentIntentResult,
  CreditCertificate,
  CreditProduct,
  RedeemCreditCertificateResult,
  TestModeConfirmBody,
  TestModeConfirmResult,
  VerifyPaymentIntentResult,
} from '@shared/wallet'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

import { normalizeRedeemCode } from './certificates'
import { balances, credit, type CreditCurrency } from './ledger'
import type { PaymentProvider, ProviderPaymentIntent } from './payments/paymentProvider'
import type { TestModeProvider } from './payments/testModeProvider'
import * as walletQueries from './queries'

const PAYMENT_CURRENCY = 'usd'
const PAYMENT_NOT_FOUND = 'The payment was not found.'

function dollars(cents: number): number {
  return cents / 100
}

function currencyOfProductType(productType: number): CreditCurrency {
  return productType === PHYSICAL_CREDIT_PRODUCT_TYPE ? 'physical' : 'digital'
}

export async function getCreditProducts(db: Kysely<Database>): Promise<CreditProduct[]> {
  const products = await walletQueries.listActiveCreditProducts(db)
  return products.map((product) => ({
    creditProductId: product.id,
    creditProductType: product.product_type,
    creditProductValue: product.credit_value,
    listPrice: dollars(product.list_price_cents),
    actualPrice: dollars(product.actual_price_cents),
  }))
}

export async function getMyCreditCertificates(db: Kysely<Database>, userId: string): Promise<CreditCertificate[]> {
  const certificates = await walletQueries.listUnredeemedCertificates(db, userId)
  return certificates.map((certificate) => ({
    creditCertificateId: certificate.id,
    creditValue: certificate.credit_value,
    redeemCode: certificate.redeem_code,
    source: certificate.source,
  }))
}

/** Prices the intent from the product table; the client only names the product. */
export async function createPaymentIntent(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  creditProductId: number,
): Promise<CreatePaymentIntentResult> {
  const product = await walletQueries.findActiveCreditProduct(db, creditProductId)
  if (!product) throw new AppError('NotFound', 'This credit product is not available.')
  const kind = currencyOfProductType(product.product_type)
  const intent = await provider.createIntent({
    amountCents: product.actual_price_cents,
    currency: PAYMENT_CURRENCY,
    description: `${product.credit_value.toLocaleString('en-US')} ${kind} credit`,
    metadata: { userId, creditProductId: String(product.id) },
  })
  await walletQueries.insertPayment(db, {
    id: newId(),
    user_id: userId,
    credit_product_id: product.id,
    provider: provider.name,
    provider_payment_id: intent.id,
    amount_cents: product.actual_price_cents,
    currency: PAYMENT_CURRENCY,
    credit_value: product.credit_value,
    product_type: product.product_type,
    created_at: nowIso(),
    fulfilled_at: null,
  })
  return {
    clientSecret: intent.clientSecret,
    dpmCheckerLink: provider.dpmCheckerLink(intent.id),
    provider: provider.name,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  }
}

export type FulfilmentOutcome = 'fulfilled' | 'alreadyFulfilled' | 'notPaid' | 'unknownPayment' | 'amountMismatch'

/**
 * Credits a succeeded payment exactly once. The verify call, the webhook and the test-mode confirm all land here,
 * in any order and any number of times: the conditional update on payments.fulfilled_at lets one caller through,
 * and the ledger's unique reference would refuse a second credit anyway.
 */
export async function fulfilPayment(db: Kysely<Database>, intent: ProviderPaymentIntent): Promise<FulfilmentOutcome> {
  if (intent.status !== 'succeeded') return 'notPaid'
  const payment = await walletQueries.findPayment(db, intent.id)
  if (!payment) return 'unknownPayment'
  if (payment.amount_cents !== intent.amountCents || payment.currency !== intent.currency) return 'amountMismatch'
  return db.transaction().execute(async (trx) => {
    const claimed = await walletQueries.updatePaymentFulfilled(trx, intent.id, nowIso())
    if (!claimed) return 'alreadyFulfilled'
    await credit(trx, {
      userId: claimed.user_id,
      currency: currencyOfProductType(claimed.product_type),
      amount: claimed.credit_value,
      reason: 'purchase',
      reference: claimed.id,
    })
    return 'fulfilled'
  })
}

/** The buyer's check after the provider's redirect; only the payer may verify a payment. */
export async function verifyPaymentIntent(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  paymentIntentId: string,
): Promise<VerifyPaymentIntentResult> {
  const payment = await walletQueries.findPayment(db, paymentIntentId)
  if (payment?.user_id !== userId || payment.provider !== provider.name)
    throw new AppError('NotFound', PAYMENT_NOT_FOUND)
  let paid = payment.fulfilled_at != null
  if (!paid) {
    const intent = await provider.retrieveIntent(paymentIntentId)
    const outcome = intent ? await fulfilPayment(db, intent) : 'unknownPayment'
    paid = outcome === 'fulfilled' || outcome === 'alreadyFulfilled'
  }
  return { paid, userData: await balances(db, userId) }
}

/** The test mode's stand-in for Stripe's confirm and webhook: a succeeding card is fulfilled right away. */
export async function confirmTestPayment(
  db: Kysely<Database>,
  provider: TestModeProvider,
  body: TestModeConfirmBody,
): Promise<TestModeConfirmResult> {
  const result = await provider.confirm(body)
  if (result.status === 'succeeded') {
    const intent = await provider.retrieveIntent(result.paymentIntentId)
    if (intent) await fulfilPayment(db, intent)
  }
  return result
}

/**
 * Certificates are owner-only: a code redeems only into the wallet it was issued to, so welcome gifts
 * cannot be farmed with throwaway accounts. Unknown, used and someone else's codes answer alike.
 */
export async function redeemCreditCertificate(
  trx: Transaction<Database>,
  userId: string,
  redeemCode: string,
): Promise<RedeemCreditCertificateResult> {
  const code = normalizeRedeemCode(redeemCode)
  const certificate = code ? await walletQueries.updateCertificateRedeemed(trx, userId, code, nowIso()) : undefined
  if (!certificate) throw new AppError('RuleViolation', TEXTS.certificateNotValid)
  await credit(trx, {
    userId,
    currency: certificate.currency as CreditCurrency,
    amount: certificate.credit_value,
    reason: 'certificate',
    reference: certificate.id,
  })
  return { result: true, creditValue: certificate.credit_value, userData: await balances(trx, userId) }
}

// The ledger, certificates and registration gifts, for the features that move credit inside their own transaction.
export { balances, closeCreditAccount, credit, debit } from './ledger'
export { issueCertificate } from './certificates'
export { grantRegistrationGifts } from './registration'
export { getReferralRewards, releaseReferralReward } from './referrals'
