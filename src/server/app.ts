import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'

import type { Config } from './config'
import type { TrustProxy } from './config/trustProxy'
import type { Db, PoolStats } from './db/createDb'
import { accountDeletionJob } from './features/account/deletion'
import { accountRoutes } from './features/account/routes'
import { loadDrawSharePage } from './features/acquire/drawSharePage'
import { acquireRoutes } from './features/acquire/routes'
import { blocksRoutes } from './features/blocks/routes'
import { cataloguePlugin } from './features/catalogue/plugin'
import { catalogueRoutes } from './features/catalogue/routes'
import { clientErrorsRoutes } from './features/clientErrors/routes'
import { loadCardSharePage } from './features/collection/cardSharePage'
import { giftDayPurgeJob } from './features/collection/gifts'
import { collectionRoutes } from './features/collection/routes'
import { consoleRoutes } from './features/console/routes'
import { contentRoutes } from './features/content/routes'
import { feedRoutes } from './features/feed/routes'
import { friendsRoutes } from './features/friends/routes'
import { healthRoutes } from './features/health/routes'
import { mailPlugin } from './features/mail/plugin'
import { mailRoutes } from './features/mail/routes'
import { digestJob } from './features/mail/subscriptions'
import { UnsubscribeSigner } from './features/mail/unsubscribe'
import { returningMemoryLines } from './features/memories/onThisDay'
import { memoryPictureStore } from './features/memories/pictures'
import { pictureSweepJob } from './features/memories/pictureSweep'
import { memoriesRoutes } from './features/memories/routes'
import { moderationRoutes } from './features/moderation/routes'
import { notificationsRoutes } from './features/notifications/routes'
import { operatorPlugin } from './features/operator/plugin'
import { operatorRoutes } from './features/operator/routes'
import { sessionRoutes } from './features/session/routes'
import { findLiveSession } from './features/session/service'
import { sessionPurgeJob } from './features/session/sessionPurge'
import { shareRoutes } from './features/share/routes'
import { loadUserSharePage } from './features/share/userPage'
import { loadRecapSharePage } from './features/travel/recapSharePage'
import { travelRoutes } from './features/travel/routes'
import { tripsRoutes } from './features/trips/routes'
import { loadTripSharePage } from './features/trips/sharePage'
import { walletRoutes } from './features/wallet/routes'
import { spendingHoldPurgeJob } from './features/wallet/spendingLimits'
import { walletWebhookRoutes } from './features/wallet/webhookRoutes'
import { createArtRenderer } from './lib/art/artRenderer'
import { createBlobStore } from './lib/blobStore'
import { createJobRunner } from './lib/jobs'
import { validatorCompiler } from './lib/validation'
import { artRendererPlugin } from './plugins/artRenderer'
import { authPlugin } from './plugins/auth'
import { blobsPlugin } from './plugins/blobs'
import { compressionPlugin } from './plugins/compression'
import { dbPlugin } from './plugins/db'
import { envelopePlugin } from './plugins/envelope'
import { jobsPlugin } from './plugins/jobs'
import { loadSheddingPlugin } from './plugins/loadShedding'
import { metricsPlugin } from './plugins/metrics'
import { openApiPlugin } from './plugins/openapi'
import { passwordsPlugin } from './plugins/passwords'
import { pictureSignerPlugin } from './plugins/pictureSigner'
import { rateLimitPlugin } from './plugins/rateLimit'
import { redisPlugin } from './plugins/redis'
import { loggedRequest, QuietRoutesLogController, requestId, requestIdHeaderPlugin } from './plugins/requestLog'
import { securityHeadersPlugin } from './plugins/securityHeaders'
import { sharePagesPlugin } from './plugins/sharePages'
import { staticSpaPlugin } from './plugins/staticSpa'
import { traceMixin, tracingPlugin } from './plugins/tracing'

export interface BuildAppOptions {
  config: Config
  db: Db
  /** Close the database with the server (main.ts); tests close their own. */
  closeDb?: boolean
  /** The database pool's occupancy for /metrics, from `openDatabase`. */
  poolStats?: () => PoolStats | null
  logger?: FastifyServerOptions['logger']
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count is a function: Fastify reads a plain number as "trust no proxy" (it
 * cannot check the peer's address), which would count every client of the balancer as one address.
 */
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false
  if ('hops' in trust) {
    const { hops } = trust
    return (_address: string, hop: number) => hop < hops
  }
  return trust.addresses
}

/** The whole server: plugins in order, then every feature's routes under /api. Used by main.ts and the tests. */
export async function buildApp({ config, db, closeDb = false, poolStats, logger }: BuildAppOptions) {
  const givenLogger = logger ?? {
    level: config.logLevel,
    redact: ['req.headers["x-auth-key"]', 'req.headers["x-api-key"]'],
  }
  const loggerOptions =
    typeof givenLogger === 'object' ? { ...givenLogger, serializers: { req: loggedRequest } } : givenLogger
  const app = Fastify({
    // With tracing, every line names the trace it was written in (plugins/tracing.ts).
    logger:
      config.tracing && typeof loggerOptions === 'object' ? { ...loggerOptions, mixin: traceMixin } : loggerOptions,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: requestId,
    logController: new QuietRoutesLogController(),
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)

  // First, so that every later hook and query runs inside the request's span.
  if (config.tracing) await app.register(tracingPlugin)
  await app.register(dbPlugin, { db, config, closeDb })
  // Read once, before the app is ready: no request waits for the catalogue or reads it again (features/catalogue).
  await app.register(cataloguePlugin)
  await app.register(redisPlugin)
  await app.register(metricsPlugin, { poolStats })
  await app.register(requestIdHeaderPlugin)
  // One blob store and one job runner per instance, shared by every feature; both are closed with the server.
  await app.register(blobsPlugin, { blobs: createBlobStore(config.blobStore, { traced: config.tracing !== null }) })
  const jobLog = {
    info: (fields: object, message: string) => app.log.info(fields, message),
    error: (fields: object, message: string) => app.log.error(fields, message),
    runFinished: (job: string, outcome: 'ok' | 'failed') => app.metrics.jobRuns.inc({ job, outcome }),
  }
  // Runs in progress get most of the shutdown deadline, leaving the rest for closing the pools.
  const stopTimeoutMs = Math.max(1_000, config.shutdownGraceMs - 2_000)
  await app.register(jobsPlugin, { jobs: createJobRunner(config.database, jobLog, { stopTimeoutMs }) })
  // E-mail leaves through the outbox, sent by the job runner (features/mail).
  await app.register(mailPlugin)
  await app.register(pictureSignerPlugin)
  await app.register(passwordsPlugin)
  await app.register(artRendererPlugin, { renderer: createArtRenderer(config.artRenderThreads) })

  // External plugins
  await app.register(securityHeadersPlugin)
  await app.register(compressionPlugin)
  await app.register(rateLimitPlugin)
  await app.register(multipart, { limits: { fileSize: MEMORY_PICTURE_MAX_BYTES, files: 1 } })
  await app.register(openApiPlugin)

  // App plugins
  await app.register(envelopePlugin)
  // After the envelope, so a shed request is refused in it.
  await app.register(loadSheddingPlugin)
  await app.register(authPlugin, { findSession: (tokenHash, at) => findLiveSession(app.db, tokenHash, at) })
  await app.register(staticSpaPlugin)
  // Before every feature's routes: it guards each operator call (features/operator).
  await app.register(operatorPlugin)

  // Features
  const api = { prefix: '/api' }
  await app.register(healthRoutes, api)
  await app.register(sessionRoutes, api)
  await app.register(notificationsRoutes, api)
  await app.register(catalogueRoutes, api)
  await app.register(friendsRoutes, api)
  await app.register(contentRoutes, api)
  await app.register(clientErrorsRoutes, api)
  await app.register(walletRoutes, api)
  await app.register(walletWebhookRoutes, api)
  await app.register(acquireRoutes, api)
  await app.register(collectionRoutes, api)
  await app.register(memoriesRoutes, api)
  await app.register(feedRoutes, api)
  await app.register(accountRoutes, api)
  await app.register(travelRoutes, api)
  await app.register(tripsRoutes, api)
  await app.register(blocksRoutes, api)
  await app.register(moderationRoutes, api)
  await app.register(operatorRoutes, api)
  await app.register(consoleRoutes, api)
  // The e-mails a traveller chooses, and the unsubscribe page their links open (outside /api: no key, no session).
  await app.register(mailRoutes(new UnsubscribeSigner(config.mediaSigningSecret)))
  // Share pages are public HTML on the share host, outside /api; each feature's page is composed here.
  await app.register(sharePagesPlugin, {
    pages: {
      user: (context, shareId) => loadUserSharePage({ ...context, catalogue: app.catalogue }, shareId),
      card: loadCardSharePage,
      draw: loadDrawSharePage,
      recap: (context, shareId) => loadRecapSharePage({ ...context, catalogue: app.catalogue }, shareId),
      trip: loadTripSharePage,
    },
  })
  await app.register(shareRoutes)

  // Periodic work, each job once per period across all instances; the runner starts when the app is ready.
  if (config.pictureSweep) await app.jobs.every(pictureSweepJob(db, memoryPictureStore(app.blobs), app.log))
  await app.jobs.every(sessionPurgeJob(db, app.log))
  await app.jobs.every(accountDeletionJob(db, app.blobs, app.log, { farewellMail: app.mail !== null }))
  await app.jobs.every(spendingHoldPurgeJob(db, app.log))
  await app.jobs.every(giftDayPurgeJob(db, app.log))
  if (app.mail) {
    const { mail } = app
    await app.jobs.every(digestJob(db, app.log, () => mail.nudge(), returningMemoryLines(db)))
  }

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
