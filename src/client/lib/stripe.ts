import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'

let loaded: { publishableKey: string; stripe: Promise<Stripe | null> } | null = null

/**
 * Stripe.js is loaded once, on the first Stripe checkout, with the key the server hands out with the intent.
 * The `pure` entry keeps the script off every page that never pays through Stripe (the test mode included).
 */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.publishableKey !== publishableKey) loaded = { publishableKey, stripe: loadStripe(publishableKey) }
  return loaded.stripe
}
