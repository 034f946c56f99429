import fp from 'fastify-plugin'

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

/**
 * Headers helmet does not decide well here: Permissions-Policy on every answer, and HSTS only on an answer that went
 * out over HTTPS. Behind a proxy (TRUST_PROXY) `request.protocol` follows X-Forwarded-Proto; without one a client's
 * claim is ignored. Sent over plain HTTP, HSTS would be meaningless to the browser and misleading to anyone reading it.
 */
export const securityHeadersPlugin = fp(
  async (fastify) => {
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY)
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    })
  },
  { name: 'security-headers' },
)
