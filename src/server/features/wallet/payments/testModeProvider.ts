import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import type { TestModeConfirmBody, TestModeConfirmResult } from '@shared/wallet'

import type { Database } from '../../../db/schema'
import { now, nowIso } from '../../../lib/clock'
import { AppError } from '../../../lib/errors'
import {
  findTestPaymentIntent,
  findTestPaymentIntentBySecret,
  insertTestPaymentIntent,
  updateTestPaymentIntentError,
  updateTestPaymentIntentRefunded,
  updateTestPaymentIntentSucceeded,
} from '../queries'

import type { NewPaymentIntent, PaymentProvider, ProviderPaymentIntent } from './paymentProvider'

type CardOutcome = { declined: false } | { declined: true; message: string }

/**
 * Stripe's own test numbers, so the same numbers work in both modes. Any other number is declined,
 * which keeps real card numbers from being typed into a form that never charges them.
 */
const TEST_CARD_OUTCOMES: Record<string, CardOutcome> = {
  '4242424242424242': { declined: false },
  '5555555555554444': { declined: false },
  '4000000000000002': { declined: true, message: 'Your card was declined.' },
  '4000000000009995': { declined: true, message: 'Your card has insufficient funds.' },
}
const NOT_A_TEST_CARD: CardOutcome = {
  declined: true,
  message: 'Your card was declined. Test mode accepts only the test card numbers shown on the form.',
}

export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Checks a card the way Stripe's form does and answers with Stripe's wording; null when the card is well formed. */
export function cardValidationError(
  card: Pick<TestModeConfirmBody, 'cardNumber' | 'expiry' | 'cvc'>,
  today: Date,
): string | null {
  const digits = card.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d+$/.test(digits) || digits.length < 13) return 'Your card number is incomplete.'
  if (digits.length > 19 || !passesLuhn(digits)) return 'Your card number is invalid.'
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim())
  if (!expiry) return "Your card's expiration date is incomplete."
  const [, monthDigits = '', yearDigits = ''] = expiry
  const month = Number(monthDigits)
  const year = yearDigits.length === 2 ? 2000 + Number(yearDigits) : Number(yearDigits)
  if (month < 1 || month > 12) return "Your card's expiration date is invalid."
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth()
  if (year * 12 + (month - 1) < thisMonth) return "Your card's expiration date is in the past."
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete."
  return null
}

/** The built-in provider used when no Stripe keys are set: intents live in test_payment_intents and no money moves. */
export class TestModeProvider implements PaymentProvider {
  readonly name = 'test' as const

  constructor(private readonly db: Kysely<Database>) {}

  async createIntent(intent: NewPaymentIntent): Promise<{ id: string; clientSecret: string }> {
    const id = `pi_test_${crypto.randomBytes(12).toString('hex')}`
    const clientSecret = `${id}_secret_${crypto.randomBytes(16).toString('hex')}`
    const createdAt = nowIso()
    await insertTestPaymentIntent(this.db, {
      id,
      client_secret: clientSecret,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status: 'requires_payment_method',
      last_error: null,
      card_last4: null,
      metadata: JSON.stringify(intent.metadata),
      created_at: createdAt,
      updated_at: createdAt,
    })
    return { id, clientSecret }
  }

  async retrieveIntent(id: string): Promise<ProviderPaymentIntent | null> {
    const row = await findTestPaymentIntent(this.db, id)
    return row ? { id: row.id, status: row.status, amountCents: row.amount_cents, currency: row.currency } : null
  }

  async refundIntent(id: string): Promise<void> {
    await updateTestPaymentIntentRefunded(this.db, id, nowIso())
  }

  dpmCheckerLink(): null {
    return null
  }

  /** Charges the test card: a valid test number that succeeds marks the intent succeeded; anything else answers with the reason. */
  async confirm(body: TestModeConfirmBody): Promise<TestModeConfirmResult> {
    const intent = await findTestPaymentIntentBySecret(this.db, body.clientSecret)
    if (!intent) throw new AppError('NotFound', 'The payment was not found. Please start the purchase again.')
    if (intent.status === 'succeeded') return { paymentIntentId: intent.id, status: 'succeeded' }

    const invalid = cardValidationError(body, now())
    if (invalid) return this.refuse(intent.id, 'validation_error', invalid)
    const digits = body.cardNumber.replace(/[\s-]/g, '')
    const outcome = TEST_CARD_OUTCOMES[digits] ?? NOT_A_TEST_CARD
    if (outcome.declined) return this.refuse(intent.id, 'card_error', outcome.message)

    await updateTestPaymentIntentSucceeded(this.db, intent.id, digits.slice(-4), nowIso())
    return { paymentIntentId: intent.id, status: 'succeeded' }
  }

  private async refuse(
    id: string,
    type: 'card_error' | 'validation_error',
    message: string,
  ): Promise<TestModeConfirmResult> {
    await updateTestPaymentIntentError(this.db, id, message, nowIso())
    return { paymentIntentId: id, status: 'requires_payment_method', error: { type, message } }
  }
}
