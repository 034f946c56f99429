import Stripe from 'stripe'

import type { Config } from '../../../config'

import type { NewPaymentIntent, PaymentProvider, ProviderPaymentIntent } from './paymentProvider'

type StripeConfig = NonNullable<Config['stripe']>

/**
 * The Stripe API version this code was written and tested against. Pinned here, not taken from the SDK or the
 * account's default, so an SDK upgrade or a change in Stripe's dashboard never changes what the server receives;
 * the webhook endpoint in Stripe's dashboard must be created with the same version (docs/decisions.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive'

/** The official SDK; host, port and protocol are only set to point it at a stand-in server in tests. */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
  })
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const
  readonly publishableKey: string
  private readonly stripe: Stripe
  private readonly testKeys: boolean

  constructor(config: StripeConfig) {
    this.stripe = createStripeClient(config)
    this.publishableKey = config.publishableKey
    this.testKeys = config.secretKey.startsWith('sk_test_')
  }

  async createIntent(intent: NewPaymentIntent): Promise<{ id: string; clientSecret: string }> {
    const created = await this.stripe.paymentIntents.create({
      amount: intent.amountCents,
      currency: intent.currency,
      description: intent.description,
      automatic_payment_methods: { enabled: true },
      metadata: { ...intent.metadata },
    })
    if (!created.client_secret) throw new Error(`Stripe returned payment intent ${created.id} without a client secret`)
    return { id: created.id, clientSecret: created.client_secret }
  }

  async retrieveIntent(id: string): Promise<ProviderPaymentIntent | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id)
      return {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null
      throw error
    }
  }

  async refundIntent(id: string): Promise<void> {
    // The key makes a retried refund (a second verify, a webhook redelivery) the same refund at Stripe.
    await this.stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` })
  }

  /** Stripe's payment-method checker only exists for test keys (as in stripe-samples). */
  dpmCheckerLink(id: string): string | null {
    return this.testKeys ? `https://dashboard.stripe.com/settings/payment_methods/review?transaction_id=${id}` : null
  }
}
