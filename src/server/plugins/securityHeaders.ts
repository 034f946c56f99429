import { IncomingMessage, type ServerResponse } from 'node:http'

import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  // The SPA loads Stripe.js and its frames when Stripe keys are set; everything else is same-origin.
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Card art and avatars are embedded by the share host and by link previews, which may be another origin.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // Sent below, only over HTTPS.
  strictTransportSecurity: false,
}

/**
 * Browser features the app never uses are switched off for it and anything it embeds; payment stays open to Stripe's
 * frames (wallet buttons use the Payment Request API).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'usb=()',
  'payment=(self "https://js.stripe.com")',
].join(', ')

/** A year, as browsers' preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains'

/** Runs helmet once against a recording response: its headers depend only on the options, never on the request. */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers = new Map<string, string>()
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value))
    },
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  }
  // The middleware only sets headers and calls next at once, without an error.
  helmet(options)(
    Object.create(IncomingMessage.prototype) as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => undefined,
  )
  return Object.fromEntries(headers)
}

/**
 * The content security policy of a page whose HTML carries inline scripts: the usual policy, with each script allowed
 * by its hash (`sha256-…`, base64) and no other inline script.
 */
export function contentSecurityPolicyAllowing(inlineScriptHashes: readonly string[]): string {
  const directives = HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[]> }
  const scriptSrc = [
    ...(directives.directives.scriptSrc ?? []),
    ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`),
  ]
  const options = { ...HELMET_OPTIONS, contentSecurityPolicy: { directives: { ...directives.directives, scriptSrc } } }
  return helmetHeaders(options)['content-security-policy'] ?? ''
}

/**
 * helmet's security headers on every answer, computed once at start-up: building them per request (parsing the content
 * security policy each time) cost more than a small database read. Permissions-Policy goes on every answer too, and
 * HSTS only on an answer that went out over HTTPS: behind a proxy (TRUST_PROXY) `request.protocol` follows
 * X-Forwarded-Proto; without one a client's claim is ignored. Over plain HTTP, HSTS would mean nothing to the browser.
 */
export const securityHeadersPlugin = fp(
  async (fastify) => {
    const headers = { ...helmetHeaders(HELMET_OPTIONS), 'permissions-policy': PERMISSIONS_POLICY }
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers)
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
      done()
    })
  },
  { name: 'securityHeaders' },
)
