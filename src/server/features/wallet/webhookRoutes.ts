import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type Stripe from 'stripe'

import { AppError } from '../../lib/errors'

import { createStripeClient, StripeProvider } from './payments/stripeProvider'
import { type PaymentReversalEvent, applyPaymentEvent } from './reversals'
import * as walletService from './service'

/** Events are signed, but a field an older API version leaves out must not reach a NOT NULL column. */
function cents(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null
  return typeof value === 'string' ? value : value.id
}

/** The payment intent a dispute is about: named on the dispute, or on its charge when that came expanded. */
function disputedIntentOf(dispute: Stripe.Dispute): string | null {
  const named = idOf(dispute.payment_intent)
  if (named) return named
  return typeof dispute.charge === 'object' ? idOf(dispute.charge.payment_intent) : null
}

/** Stripe's refund and dispute events as the ledger reads them (docs/security.md#refunds-and-disputes). */
function reversalEventOf(event: Stripe.Event): PaymentReversalEvent | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object
    return {
      kind: 'refund',
      eventId: event.id,
      providerPaymentId: idOf(charge.payment_intent),
      chargeId: charge.id,
      amountCents: cents(charge.amount),
      refundedCents: cents(charge.amount_refunded),
    }
  }
  const disputeTypes = {
    'charge.dispute.created': 'created',
    'charge.dispute.closed': 'closed',
    'charge.dispute.funds_withdrawn': 'funds_withdrawn',
    'charge.dispute.funds_reinstated': 'funds_reinstated',
    'charge.dispute.updated': 'updated',
  } as const
  if (event.type in disputeTypes) {
    const dispute = event.data.object as Stripe.Dispute
    return {
      kind: 'dispute',
      eventId: event.id,
      type: disputeTypes[event.type as keyof typeof disputeTypes],
      providerPaymentId: disputedIntentOf(dispute),
      disputeId: dispute.id,
      amountCents: cents(dispute.amount),
      status: typeof dispute.status === 'string' ? dispute.status : 'unknown',
    }
  }
  return null
}

/**
 * Stripe's webhook. Its own plugin, because the signature is computed over the raw bytes: the buffer parser
 * registered here replaces the JSON parser for this scope only (fastify/fastify #5491).
 */
export const walletWebhookRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const stripeConfig = fastify.config.stripe
  // Without a signing secret no event can be trusted (an empty key would verify forged ones); purchases are then
  // fulfilled by the verify call after the redirect, which asks Stripe itself.
  if (!stripeConfig?.webhookSecret) {
    if (stripeConfig) fastify.log.warn('STRIPE_WEBHOOK_SECRET is not set: the Stripe webhook endpoint is off')
    return
  }
  const stripe = createStripeClient(stripeConfig)
  const provider = new StripeProvider(stripeConfig)

  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  fastify.post('/payment/webhook', { config: { skipApiKey: true, rawResponse: true } }, async (request) => {
    const signature = request.headers['stripe-signature']
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
      throw new AppError('BadRequest', 'Missing Stripe signature or body.')
    let event: Stripe.Event
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, stripeConfig.webhookSecret)
    } catch {
      throw new AppError('BadRequest', 'The webhook signature is not valid.')
    }
    const reversal = reversalEventOf(event)
    if (reversal) {
      const outcome = await applyPaymentEvent(fastify.db, reversal)
      if (outcome === 'reversed' || outcome === 'restored') fastify.mail?.nudge()
      if (outcome === 'unknownPayment')
        request.log.warn({ eventId: event.id, type: event.type }, 'refund or dispute of an unknown payment')
    } else if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object
      const outcome = await walletService.fulfilPayment(fastify.db, provider, {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
      })
      if (outcome === 'fulfilled') fastify.mail?.nudge()
      if (outcome !== 'fulfilled' && outcome !== 'alreadyFulfilled' && outcome !== 'notPaid')
        request.log.warn({ paymentIntentId: intent.id, outcome }, 'payment not fulfilled')
    }
    return { received: true }
  })
}
