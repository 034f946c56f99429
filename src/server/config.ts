import crypto from 'node:crypto'
import path from 'node:path'

import { Type, type Static, type TSchema } from 'typebox'
import { Value } from 'typebox/value'

import {
  DatabaseSettingsSchema,
  databaseLimits,
  parseDatabaseUrl,
  type DatabaseLimits,
  type DatabaseLocation,
} from './config/database'
import { mailSettings, MailSettingsSchema, type MailSettings } from './config/mail'
import { PaymentSettingsSchema, paymentsTestMode, stripeSettings, type StripeSettings } from './config/payments'
import { HttpUrl, isOn, SettingsError, Switch } from './config/settings'
import { blobStoreSettings, StorageSettingsSchema } from './config/storage'
import { tracingSettings, TracingSettingsSchema, type TracingSettings } from './config/tracing'
import { parseTrustProxy, TrustProxySettingsSchema, type TrustProxy } from './config/trustProxy'
import type { BlobStoreSettings } from './lib/blobStore'

/**
 * The server's settings: `loadConfig` reads them from the environment into one Config. Each concern (database,
 * payments, proxies, storage, mail, tracing) declares its settings and reads them in its own file under config/;
 * this file composes them and holds the rest.
 */

export interface Config {
  production: boolean
  port: number
  host: string
  /** Where the app is reached from outside, without a trailing slash (used for share links and payment return URLs). */
  publicUrl: string
  /** The share host; its pages are rendered by the server. */
  shareBaseUrl: string
  database: DatabaseLocation
  /** Bounded waits on the database (docs/security.md#timeouts): past any of them a call answers 503. */
  databaseLimits: DatabaseLimits
  /** How many instances serve this site, as declared by the operator (SQLite allows only one). */
  instances: number
  apiKeys: string[]
  sessionTtlDays: number
  /** How long an instance trusts a session it has looked up; logout empties it at once (SESSION_CACHE_SECONDS, 0 turns it off). */
  sessionCacheSeconds: number
  dataDir: string
  /** The built web app served with a history fallback; absent in API-only tests. */
  webRoot: string | null
  stripe: StripeSettings | null
  /** The built-in test-mode payment provider is offered when Stripe keys are absent. */
  paymentsTestMode: boolean
  redisUrl: string | null
  logLevel: string
  /** Which proxies' X-Forwarded-* headers are believed (TRUST_PROXY): none, the first `hops`, or these addresses. */
  trustProxy: TrustProxy
  rateLimits: boolean
  /** Password hashes computed at once (PASSWORD_HASH_CONCURRENCY) and waiting (PASSWORD_HASH_QUEUE); more get 429. */
  passwordHashing: { concurrency: number; queue: number }
  /** Uploads a user may keep unattached to any memory (PENDING_PICTURES_MAX, PENDING_PICTURE_MEGABYTES_MAX). */
  pendingPictures: { maxCount: number; maxBytes: number }
  /**
   * Photos of the photo flow a user may keep waiting in visits (PHOTO_IMPORT_PHOTOS_MAX, PHOTO_IMPORT_MEGABYTES_MAX),
   * apart from the memory form's: a trip's drop does not block the form's pictures.
   */
  importedPhotos: { maxCount: number; maxBytes: number }
  /** Render every card's small picture in the background after start-up (ART_WARMUP=off skips it). */
  artWarmup: boolean
  /** Worker threads that draw card art (ART_RENDER_THREADS); 0 draws on the server's own thread. */
  artRenderThreads: number
  /** Delete, every hour, uploaded memory pictures left unattached for a day (PICTURE_SWEEP=off stops it). */
  pictureSweep: boolean
  /** HMAC key of signed memory-picture URLs; set it when several instances serve one site, or links break across them and restarts. */
  mediaSigningSecret: string
  /** Bearer token that opens GET /metrics; null keeps the endpoint off. */
  metricsToken: string | null
  /**
   * The AES-256 key (64 hex characters) that encrypts operators' TOTP secrets at rest (OPERATOR_SECRET_KEY). Null
   * until set: granting the role and starting with an operator need it (docs/security.md#operators).
   */
  operatorSecretKey: string | null
  /** How long a shutdown waits for requests in flight before the process exits anyway. */
  shutdownGraceMs: number
  /** Requests are refused with 503 while the event loop lags more than this (0: never) or the heap exceeds the limit. */
  loadShedding: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number }

  /** Where memory pictures and rendered card art are kept: a folder (DATA_DIR/blobs) or an S3-compatible bucket. */
  blobStore: BlobStoreSettings
  /** How e-mail leaves (docs/product.md#e-mails): an SMTP server, .eml files in DATA_DIR/mail, or not at all (MAIL=off). */
  mail: MailSettings
  /** OpenTelemetry traces sent over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set; null: no tracing code runs at all. */
  tracing: TracingSettings | null
}

/**
 * Every setting the server reads from the environment, as it is written there. README's settings table describes
 * each one; an unknown variable is ignored (the environment holds much else).
 */
const SettingsSchema = Type.Object({
  NODE_ENV: Type.Optional(Type.String()),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'a port number from 0 to 65535' }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'an interface address' }),
  PUBLIC_URL: Type.Optional(HttpUrl('where users reach the app')),
  SHARE_BASE_URL: Type.Optional(HttpUrl('the share host')),
  ...DatabaseSettingsSchema.properties,
  INSTANCES: Type.Integer({ minimum: 1, default: 1, description: 'a whole number of instances, at least 1' }),
  API_KEYS: Type.String({
    pattern: '[^,\\s]',
    default: 'dev-web-key',
    description: 'comma-separated client keys, at least one',
  }),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, default: 30, description: 'a whole number of days, at least 1' }),
  SESSION_CACHE_SECONDS: Type.Integer({
    minimum: 0,
    default: 10,
    description: 'a whole number of seconds, 0 to turn it off',
  }),
  DATA_DIR: Type.String({ minLength: 1, default: './data', description: 'a folder' }),
  WEB_ROOT: Type.Optional(Type.String()),
  ...PaymentSettingsSchema.properties,
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://[^\\s]+$', description: 'a redis:// or rediss:// address' }),
  ),
  LOG_LEVEL: Type.String({
    pattern: '^(fatal|error|warn|info|debug|trace|silent)$',
    default: 'info',
    description: 'one of fatal, error, warn, info, debug, trace, silent',
  }),
  ...TrustProxySettingsSchema.properties,
  RATE_LIMITS: Switch('per-client rate limits'),
  ART_WARMUP: Switch('the card art warm-up'),
  ART_RENDER_THREADS: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 1,
    description: 'a whole number of threads from 0 to 64, 0 to draw on the server thread',
  }),
  PICTURE_SWEEP: Switch('the abandoned picture sweep'),
  MEDIA_SIGNING_SECRET: Type.Optional(
    Type.String({ minLength: 32, description: 'at least 32 characters, e.g. the output of `openssl rand -hex 32`' }),
  ),
  OPERATOR_SECRET_KEY: Type.Optional(
    Type.String({
      pattern: '^[0-9a-fA-F]{64}$',
      description: '64 hex characters, e.g. the output of `openssl rand -hex 32`',
    }),
  ),
  METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 16, pattern: '^[\\x21-\\x7e]+$', description: 'at least 16 printable characters' }),
  ),
  SHUTDOWN_GRACE_SECONDS: Type.Number({ minimum: 0, default: 10, description: 'a number of seconds, 0 or more' }),
  LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: Type.Number({
    minimum: 0,
    default: 1000,
    description: 'milliseconds, 0 to never shed load',
  }),
  LOAD_SHEDDING_MAX_HEAP_MB: Type.Number({ minimum: 0, default: 0, description: 'megabytes, 0 for no limit' }),
  PENDING_PICTURES_MAX: Type.Integer({
    minimum: 1,
    default: 30,
    description: 'a whole number of pictures, at least 1',
  }),
  PENDING_PICTURE_MEGABYTES_MAX: Type.Integer({
    minimum: 1,
    default: 200,
    description: 'a whole number of megabytes, at least 1',
  }),
  PHOTO_IMPORT_PHOTOS_MAX: Type.Integer({
    minimum: 1,
    default: 200,
    description: 'a whole number of photos, at least 1',
  }),
  PHOTO_IMPORT_MEGABYTES_MAX: Type.Integer({
    minimum: 1,
    default: 1000,
    description: 'a whole number of megabytes, at least 1',
  }),
  PASSWORD_HASH_CONCURRENCY: Type.Integer({ minimum: 1, default: 2, description: 'a whole number, at least 1' }),
  PASSWORD_HASH_QUEUE: Type.Integer({ minimum: 0, default: 20, description: 'a whole number, 0 or more' }),
  ...StorageSettingsSchema.properties,
  ...MailSettingsSchema.properties,
  ...TracingSettingsSchema.properties,
})
type Settings = Static<typeof SettingsSchema>

const SWITCH_DEFAULTS = {
  TRUST_PROXY: 'off',
  RATE_LIMITS: 'on',
  ART_WARMUP: 'on',
  PICTURE_SWEEP: 'on',
  S3_FORCE_PATH_STYLE: 'off',
} as const

/** The environment's values for the known settings, empty ones treated as unset (WEB_ROOT='' means "no web app"). */
function knownSettings(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  for (const name of Object.keys(SettingsSchema.properties)) {
    const value = env[name]
    if (value !== undefined && (value !== '' || name === 'WEB_ROOT')) raw[name] = value.trim()
  }
  for (const [name, value] of Object.entries(SWITCH_DEFAULTS)) raw[name] ??= value
  return raw
}

function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const raw = Value.Default(SettingsSchema, knownSettings(env))
  const settings = Value.Convert(SettingsSchema, raw) as Record<string, unknown>
  for (const error of Value.Errors(SettingsSchema, settings)) {
    const name = error.instancePath.replace(/^\//, '')
    const schema = (SettingsSchema.properties as Record<string, TSchema & { description?: string }>)[name]
    const expected = schema?.description ?? error.message
    // Secrets are named but never echoed into the log.
    const shown = /SECRET|TOKEN|KEY|SMTP_URL/.test(name) ? '' : `=${JSON.stringify(env[name] ?? '')}`
    throw new SettingsError(`Setting ${name}${shown} is invalid: expected ${expected}.`)
  }
  return settings as Settings
}

/**
 * Every setting, from the environment, with defaults that run on a fresh machine. A bad value, or a production
 * setup that would lose data or money, throws a SettingsError naming the setting.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parseSettings(env)
  const production = settings.NODE_ENV === 'production'
  const port = settings.PORT
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const database = parseDatabaseUrl(settings.DATABASE_URL)
  const stripe = stripeSettings(settings)
  const dataDir = path.resolve(settings.DATA_DIR)

  if (production) checkProductionSettings(settings, database, stripe !== null)

  return {
    production,
    port,
    host: settings.HOST,
    publicUrl,
    shareBaseUrl: (settings.SHARE_BASE_URL ?? `${publicUrl}/s`).replace(/\/+$/, ''),
    database,
    databaseLimits: databaseLimits(settings),
    instances: settings.INSTANCES,
    apiKeys: settings.API_KEYS.split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    sessionTtlDays: settings.SESSION_TTL_DAYS,
    sessionCacheSeconds: settings.SESSION_CACHE_SECONDS,
    dataDir,
    webRoot: settings.WEB_ROOT === '' ? null : path.resolve(settings.WEB_ROOT ?? './dist/web'),
    stripe,
    paymentsTestMode: paymentsTestMode(settings, production),
    redisUrl: settings.REDIS_URL ?? null,
    logLevel: settings.LOG_LEVEL,
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    rateLimits: isOn(settings.RATE_LIMITS),
    artWarmup: isOn(settings.ART_WARMUP),
    artRenderThreads: settings.ART_RENDER_THREADS,
    pictureSweep: isOn(settings.PICTURE_SWEEP),
    mediaSigningSecret: settings.MEDIA_SIGNING_SECRET ?? crypto.randomBytes(32).toString('hex'),
    metricsToken: settings.METRICS_TOKEN ?? null,
    operatorSecretKey: settings.OPERATOR_SECRET_KEY?.toLowerCase() ?? null,
    pendingPictures: {
      maxCount: settings.PENDING_PICTURES_MAX,
      maxBytes: settings.PENDING_PICTURE_MEGABYTES_MAX * 1024 * 1024,
    },
    importedPhotos: {
      maxCount: settings.PHOTO_IMPORT_PHOTOS_MAX,
      maxBytes: settings.PHOTO_IMPORT_MEGABYTES_MAX * 1024 * 1024,
    },
    passwordHashing: { concurrency: settings.PASSWORD_HASH_CONCURRENCY, queue: settings.PASSWORD_HASH_QUEUE },
    shutdownGraceMs: settings.SHUTDOWN_GRACE_SECONDS * 1000,
    loadShedding: {
      maxEventLoopDelayMs: settings.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: settings.LOAD_SHEDDING_MAX_HEAP_MB * 1024 * 1024,
    },
    blobStore: blobStoreSettings(settings, dataDir),
    mail: mailSettings(settings, dataDir),
    tracing: tracingSettings(settings),
  }
}

/** What a development machine forgives but a production deploy must not start with. */
function checkProductionSettings(settings: Settings, database: DatabaseLocation, stripeConfigured: boolean): void {
  if (!settings.MEDIA_SIGNING_SECRET) {
    throw new SettingsError(
      'Setting MEDIA_SIGNING_SECRET is required when NODE_ENV=production: without it picture links break at every ' +
        'restart and across instances. Set it to at least 32 random characters (e.g. `openssl rand -hex 32`).',
    )
  }
  if (database.dialect === 'sqlite' && settings.INSTANCES > 1) {
    throw new SettingsError(
      `Setting INSTANCES=${settings.INSTANCES} needs a shared database: SQLite (DATABASE_URL=${settings.DATABASE_URL}) ` +
        'lives on one machine. Set DATABASE_URL to a postgres:// address, or INSTANCES=1.',
    )
  }
  if (settings.INSTANCES > 1 && !settings.REDIS_URL) {
    throw new SettingsError(
      `Setting INSTANCES=${settings.INSTANCES} needs REDIS_URL: without Redis each instance counts rate limits ` +
        '(login, redeem and free-draw guessing) on its own, and a logout reaches only its own session cache. Set ' +
        'REDIS_URL to a redis:// or rediss:// address, or INSTANCES=1.',
    )
  }
  if (settings.INSTANCES > 1 && settings.BLOB_STORE !== 's3') {
    throw new SettingsError(
      `Setting INSTANCES=${settings.INSTANCES} needs a shared blob store: with BLOB_STORE=local each instance keeps ` +
        'pictures and card art in its own DATA_DIR, so a picture uploaded through one is missing on the others. Set ' +
        'BLOB_STORE=s3 and the S3_* settings (AWS S3, MinIO, R2, Ceph), or INSTANCES=1.',
    )
  }
  if (!settings.SMTP_URL && (settings.MAIL === undefined || isOn(settings.MAIL))) {
    throw new SettingsError(
      'Setting SMTP_URL is required when NODE_ENV=production: without it password-reset e-mails are only written to ' +
        'files on this machine. Set SMTP_URL to an smtp:// or smtps:// address with its credentials (and MAIL_FROM), ' +
        'or MAIL=off to run without e-mail (the screens that need it then say so).',
    )
  }
  if (!stripeConfigured && settings.PAYMENTS_TEST_MODE === undefined) {
    throw new SettingsError(
      'Setting PAYMENTS_TEST_MODE must be chosen when NODE_ENV=production without Stripe keys: set ' +
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for card payments, PAYMENTS_TEST_MODE=on to offer the ' +
        'test-mode card form (credit for nothing), or PAYMENTS_TEST_MODE=off to run without card payments.',
    )
  }
}
