import { Type, type Static } from 'typebox'

import { isOn, Switch } from './settings'

export interface StripeSettings {
  secretKey: string
  publishableKey: string
  webhookSecret: string
  apiHost?: string
  apiPort?: number
  apiProtocol?: 'http' | 'https'
}

/** The payment settings as written in the environment (README's settings table). */
export const PaymentSettingsSchema = Type.Object({
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String()),
  STRIPE_API_HOST: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_API_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'a port number' })),
  STRIPE_API_PROTOCOL: Type.Optional(Type.Union([Type.Literal('http'), Type.Literal('https')])),
  PAYMENTS_TEST_MODE: Type.Optional(Switch('the test-mode payment provider')),
})
type PaymentSettingValues = Static<typeof PaymentSettingsSchema>

/** Stripe when both its keys are set; null otherwise. */
export function stripeSettings(settings: PaymentSettingValues): StripeSettings | null {
  return settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY
    ? {
        secretKey: settings.STRIPE_SECRET_KEY,
        publishableKey: settings.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? '',
        // Only for pointing the SDK at a local stand-in server in tests.
        ...(settings.STRIPE_API_HOST ? { apiHost: settings.STRIPE_API_HOST } : {}),
        ...(settings.STRIPE_API_PORT ? { apiPort: settings.STRIPE_API_PORT } : {}),
        ...(settings.STRIPE_API_PROTOCOL === 'http' ? { apiProtocol: 'http' as const } : {}),
      }
    : null
}

/** Without Stripe keys the built-in test mode sells credit for nothing; a production deploy must ask for it. */
export function paymentsTestMode(settings: PaymentSettingValues, production: boolean): boolean {
  return settings.PAYMENTS_TEST_MODE ? isOn(settings.PAYMENTS_TEST_MODE) : !production
}
