import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type Stripe from 'stripe'

import { AppError } from '../../lib/errors'

import { createStripeClient, StripeProvider } from './payments/stripeProvider'
import * as walletService from './service'

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
    if (event.type === 'payment_intent.succeeded') {
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
