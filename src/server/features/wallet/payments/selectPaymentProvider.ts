import type { Kysely } from 'kysely'

import type { Config } from '../../../config'
import type { Database } from '../../../db/schema'

import { StripeProvider } from './stripeProvider'
import { TestModeProvider } from './testModeProvider'

/** Stripe when both keys are set; the built-in test mode otherwise, so a fresh install can sell credit without an account. */
export function selectPaymentProvider(config: Config, db: Kysely<Database>): StripeProvider | TestModeProvider {
  return config.stripe ? new StripeProvider(config.stripe) : new TestModeProvider(db)
}
