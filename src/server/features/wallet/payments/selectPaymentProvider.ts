import type { Kysely } from 'kysely'

import type { Config } from '../../../config'
import type { Database } from '../../../db/schema'

import { StripeProvider } from './stripeProvider'
import { TestModeProvider } from './testModeProvider'

/**
 * Stripe when both keys are set; otherwise the built-in test mode, so a fresh install can sell credit without an
 * account — unless test mode is off (production without PAYMENTS_TEST_MODE=on), where card payments are unavailable.
 */
export function selectPaymentProvider(config: Config, db: Kysely<Database>): StripeProvider | TestModeProvider | null {
  if (config.stripe) return new StripeProvider(config.stripe)
  return config.paymentsTestMode ? new TestModeProvider(db) : null
}
