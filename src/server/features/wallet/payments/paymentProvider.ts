import type { PaymentProviderName } from '@shared/wallet'

/** What a purchase is about; stored with the intent so a webhook can be traced back to the buyer. */
export interface PaymentIntentMetadata {
  userId: string
  creditProductId: string
}

export interface NewPaymentIntent {
  amountCents: number
  currency: string
  description: string
  metadata: PaymentIntentMetadata
}

/** A provider's intent as far as fulfilment cares: what was paid, and whether it succeeded. */
export interface ProviderPaymentIntent {
  id: string
  status: string
  amountCents: number
  currency: string
}

/**
 * A card payment provider: Stripe when keys are set, the built-in test mode otherwise.
 * The amount always comes from the server's product table.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Shown to the browser so Stripe.js can mount; absent for the test mode. */
  readonly publishableKey?: string
  createIntent(intent: NewPaymentIntent): Promise<{ id: string; clientSecret: string }>
  /** The intent as the provider sees it now, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderPaymentIntent | null>
  /**
   * Gives a succeeded payment's money back in full; repeating it for the same intent refunds once. Used for a payment
   * that its buyer's spending limit refused when it was paid.
   */
  refundIntent(id: string): Promise<void>
  /** A link for developers to check which payment methods the intent offers; null where there is none. */
  dpmCheckerLink(id: string): string | null
}
