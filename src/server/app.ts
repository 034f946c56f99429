import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'

import type { Config } from './config'
import type { Db } from './db/createDb'
import { acquireRoutes } from './features/acquire/routes'
import { catalogueRoutes } from './features/catalogue/routes'
import { collectionRoutes } from './features/collection/routes'
import { contentRoutes } from './features/content/routes'
import { feedRoutes } from './features/feed/routes'
import { friendsRoutes } from './features/friends/routes'
import { healthRoutes } from './features/health/routes'
import { memoriesRoutes } from './features/memories/routes'
import { notificationsRoutes } from './features/notifications/routes'
import { sessionRoutes } from './features/session/routes'
import { shareRoutes } from './features/share/routes'
import { walletRoutes } from './features/wallet/routes'
import { walletWebhookRoutes } from './features/wallet/webhookRoutes'
import { validatorCompiler } from './lib/validation'
import { authPlugin } from './plugins/auth'
import { dbPlugin } from './plugins/db'
import { envelopePlugin } from './plugins/envelope'
import { openApiPlugin } from './plugins/openapi'
import { rateLimitPlugin } from './plugins/rateLimit'
import { securityHeadersPlugin } from './plugins/securityHeaders'
import { staticSpaPlugin } from './plugins/staticSpa'

export interface BuildAppOptions {
  config: Config
  db: Db
  /** Close the database with the server (main.ts); tests close their own. */
  closeDb?: boolean
  logger?: FastifyServerOptions['logger']
}

/** The whole server: plugins in order, then every feature's routes under /api. Used by main.ts and the tests. */
export async function buildApp({ config, db, closeDb = false, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers["x-auth-key"]', 'req.headers["x-api-key"]'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)

  await app.register(dbPlugin, { db, config, closeDb })

  // External plugins
  await app.register(helmet, {
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
    // Sent by securityHeadersPlugin, only over HTTPS.
    strictTransportSecurity: false,
  })
  await app.register(securityHeadersPlugin)
  await app.register(rateLimitPlugin)
  await app.register(multipart, { limits: { fileSize: MEMORY_PICTURE_MAX_BYTES, files: 1 } })
  await app.register(openApiPlugin)

  // App plugins
  await app.register(envelopePlugin)
  await app.register(authPlugin)
  await app.register(staticSpaPlugin)

  // Features
  const api = { prefix: '/api' }
  await app.register(healthRoutes, api)
  await app.register(sessionRoutes, api)
  await app.register(notificationsRoutes, api)
  await app.register(catalogueRoutes, api)
  await app.register(friendsRoutes, api)
  await app.register(contentRoutes, api)
  await app.register(walletRoutes, api)
  await app.register(walletWebhookRoutes, api)
  await app.register(acquireRoutes, api)
  await app.register(collectionRoutes, api)
  await app.register(memoriesRoutes, api)
  await app.register(feedRoutes, api)
  // Share pages are public HTML on the share host, outside /api.
  await app.register(shareRoutes)

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
