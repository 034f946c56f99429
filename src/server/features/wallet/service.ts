import type { Kysely, Transaction } from 'kysely'

import { PHYSICAL_CREDIT_PRODUCT_TYPE } from '@shared/constants'
import { EMAIL_VERIFICATION_TEXTS } from '@shared/emailVerificationTexts'
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
import { inTransaction } from '../../db/transactions'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { enqueueMail } from '../mail/service'

import { normalizeRedeemCode } from './certificates'
import { balances, credit, type CreditCurrency } from './ledger'
import { lockBuyerOf } from './paymentLocks'
import type { PaymentProvider, ProviderPaymentIntent } from './payments/paymentProvider'
import type { TestModeProvider } from './payments/testModeProvider'
import * as walletQueries from './queries'
import { holdForPurchase, paymentWithinLimit, releaseSpendingHold } from './spendingLimits'

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

/**
 * Prices the intent from the product table; the client only names the product. The spending limit is checked, and the
 * price held against it, before the provider is asked for an intent, so a refused purchase never reaches it.
 */
export async function createPaymentIntent(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  creditProductId: number,
): Promise<CreatePaymentIntentResult> {
  const product = await walletQueries.findActiveCreditProduct(db, creditProductId)
  if (!product) throw new AppError('NotFound', 'This credit product is not available.')
  // Real money owes a receipt at a confirmed address; the test-mode provider moves none (docs/decisions.md, Accounts).
  if (provider.name === 'stripe' && !(await walletQueries.findEmailVerifiedAt(db, userId))) {
    throw new AppError('RuleViolation', EMAIL_VERIFICATION_TEXTS.purchaseNeedsVerifiedEmail)
  }
  const kind = currencyOfProductType(product.product_type)
  const paymentId = newId()
  await inTransaction(db, (trx) => holdForPurchase(trx, userId, paymentId, product.actual_price_cents))
  let intent: { id: string; clientSecret: string }
  try {
    intent = await provider.createIntent({
      amountCents: product.actual_price_cents,
      currency: PAYMENT_CURRENCY,
      description: `${product.credit_value.toLocaleString('en-US')} ${kind} credit`,
      metadata: { userId, creditProductId: String(product.id) },
    })
  } catch (error) {
    await releaseSpendingHold(db, paymentId)
    throw error
  }
  await walletQueries.insertPayment(db, {
    id: paymentId,
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

export type FulfilmentOutcome =
  | 'fulfilled'
  | 'alreadyFulfilled'
  | 'refusedBySpendingLimit'
  | 'accountClosed'
  | 'notPaid'
  | 'unknownPayment'
  | 'amountMismatch'

/**
 * Credits a succeeded payment exactly once, or refuses it when it would pass the buyer's spending limit in force now.
 * The verify call, the webhook and the test-mode confirm all land here, in any order and any number of times: the
 * conditional updates on payments.fulfilled_at and refused_at let one caller decide, and the ledger's unique
 * reference would refuse a second credit anyway. A refused payment is refunded, again on every later call until the
 * provider has done it.
 *
 * The buyer is read inside the transaction, and their account's row is locked before the payment's, the order every
 * path that touches a user's credit and payments follows (docs/security.md#locks); a deadlock or serialization
 * failure runs it again.
 */
export async function fulfilPayment(
  db: Kysely<Database>,
  provider: Pick<PaymentProvider, 'refundIntent'>,
  intent: ProviderPaymentIntent,
): Promise<FulfilmentOutcome> {
  if (intent.status !== 'succeeded') return 'notPaid'
  const outcome = await inTransaction(db, async (trx): Promise<FulfilmentOutcome> => {
    const payment = await lockBuyerOf(trx, intent.id)
    if (!payment) return 'unknownPayment'
    if (payment.amount_cents !== intent.amountCents || payment.currency !== intent.currency) return 'amountMismatch'
    // Paid while its buyer's account was being erased, or after (the payment then belongs to the anonymised
    // tombstone): refunded, never credited.
    if ((await walletQueries.findAccountStanding(trx, payment.user_id)) !== 'open') {
      if (await walletQueries.updatePaymentRefused(trx, intent.id, nowIso())) return 'accountClosed'
      return settledOutcome(await walletQueries.findPayment(trx, intent.id))
    }
    const within = await paymentWithinLimit(trx, {
      id: payment.id,
      userId: payment.user_id,
      amountCents: payment.amount_cents,
    })
    if (!within) {
      if (await walletQueries.updatePaymentRefused(trx, intent.id, nowIso())) return 'refusedBySpendingLimit'
      return settledOutcome(await walletQueries.findPayment(trx, intent.id))
    }
    const claimed = await walletQueries.updatePaymentFulfilled(trx, intent.id, nowIso())
    if (!claimed) return settledOutcome(await walletQueries.findPayment(trx, intent.id))
    const creditKind = currencyOfProductType(claimed.product_type)
    await credit(trx, {
      userId: claimed.user_id,
      currency: creditKind,
      amount: claimed.credit_value,
      reason: 'purchase',
      reference: claimed.id,
    })
    await recordReceipt(trx, { ...payment, credit_value: claimed.credit_value, creditKind, paidAt: nowIso() })
    return 'fulfilled'
  })
  if (outcome === 'refusedBySpendingLimit' || outcome === 'accountClosed')
    await refundRefusedPayment(db, provider, intent.id)
  return outcome
}

/**
 * The purchase receipt (docs/product.md#e-mails), recorded with the credit it reports. Only the call that claimed
 * the payment gets here, and the dedupe key is the payment: the verify call and the webhook arriving together still
 * make one receipt.
 */
async function recordReceipt(
  trx: Transaction<Database>,
  payment: {
    id: string
    user_id: string
    provider_payment_id: string
    amount_cents: number
    currency: string
    credit_value: number
    creditKind: CreditCurrency
    paidAt: string
  },
): Promise<void> {
  const buyer = await walletQueries.findReceiptRecipient(trx, payment.user_id)
  await enqueueMail(trx, {
    kind: 'purchaseReceipt',
    userId: payment.user_id,
    to: buyer.email,
    payload: {
      username: buyer.username,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      credit: payment.credit_value,
      creditKind: payment.creditKind,
      paidAt: payment.paidAt,
      reference: payment.provider_payment_id,
    },
    dedupeKey: `purchaseReceipt:${payment.id}`,
  })
}

/** What another caller already decided for a payment this one could not claim. */
function settledOutcome(payment: { refused_at: string | null } | undefined): FulfilmentOutcome {
  return payment?.refused_at ? 'refusedBySpendingLimit' : 'alreadyFulfilled'
}

async function refundRefusedPayment(
  db: Kysely<Database>,
  provider: Pick<PaymentProvider, 'refundIntent'>,
  providerPaymentId: string,
): Promise<void> {
  const payment = await walletQueries.findPayment(db, providerPaymentId)
  if (!payment?.refused_at || payment.refunded_at) return
  await provider.refundIntent(providerPaymentId)
  await walletQueries.updatePaymentRefunded(db, providerPaymentId, nowIso())
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
  let outcome: FulfilmentOutcome = 'alreadyFulfilled'
  if (payment.refused_at) {
    outcome = 'refusedBySpendingLimit'
    await refundRefusedPayment(db, provider, paymentIntentId)
  } else if (payment.fulfilled_at == null) {
    const intent = await provider.retrieveIntent(paymentIntentId)
    outcome = intent ? await fulfilPayment(db, provider, intent) : 'unknownPayment'
  }
  return {
    paid: outcome === 'fulfilled' || outcome === 'alreadyFulfilled',
    userData: await balances(db, userId),
    ...(outcome === 'refusedBySpendingLimit' ? { refusedBySpendingLimit: true } : {}),
  }
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
    if (intent) await fulfilPayment(db, provider, intent)
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

/**
 * Holds the account's row until the transaction ends, for another feature's transaction that reads balances and then
 * moves credit (docs/security.md#locks): it takes this lock before any other row of the user's. False when the
 * account is gone.
 */
export async function lockCreditAccount(trx: Transaction<Database>, userId: string): Promise<boolean> {
  return walletQueries.lockCreditAccount(trx, userId)
}
