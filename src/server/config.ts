import crypto from 'node:crypto'
import net from 'node:net'
import path from 'node:path'

import { Type, type Static, type TSchema } from 'typebox'
import { Value } from 'typebox/value'

import type { BlobStoreSettings } from './lib/blobStore'

export type DatabaseDialect = 'sqlite' | 'postgres'

export interface Config {
  production: boolean
  port: number
  host: string
  /** Where the app is reached from outside, without a trailing slash (used for share links and payment return URLs). */
  publicUrl: string
  /** The share host; its pages are rendered by the server. */
  shareBaseUrl: string
  database: { dialect: DatabaseDialect; url: string; sqlitePath: string }
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
  stripe: {
    secretKey: string
    publishableKey: string
    webhookSecret: string
    apiHost?: string
    apiPort?: number
    apiProtocol?: 'http' | 'https'
  } | null
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

export interface TracingSettings {
  /** The collector's base address; spans go to `<endpoint>/v1/traces` as OTLP http/protobuf. */
  endpoint: string
  serviceName: string
  /** The share of traces started here that are kept (TRACES_SAMPLE_RATIO); a caller's sampled parent is followed. */
  sampleRatio: number
}

export type MailSettings =
  | { mode: 'smtp'; smtpUrl: string; from: string }
  | { mode: 'files'; folder: string; from: string }
  | { mode: 'off'; from: string }

/**
 * The proxies in front of the app whose `X-Forwarded-For`, `-Proto` and `-Host` the app believes: none (`false`), a
 * number of hops counted from the app, or the proxies' own addresses and CIDR blocks. The client address is the first
 * one, read from the right, that is not a trusted proxy: a balancer that appends to what the client wrote
 * (`$proxy_add_x_forwarded_for`) leaves the client's own entries to the left of it, never read.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] }

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR blocks. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

export interface DatabaseLimits {
  /** PostgreSQL connections per instance (DB_POOL_MAX). */
  poolMax: number
  /** How long a request waits for a free PostgreSQL connection (DB_POOL_ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs: number
  /** How long one PostgreSQL statement may run (DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number
  /** How long a statement waits for a row or table lock; SQLite's busy timeout (DB_LOCK_TIMEOUT_MS). */
  lockTimeoutMs: number
  /** How long a PostgreSQL transaction may sit idle before the server ends it (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionTimeoutMs: number
}

/** A start-up setting is wrong; the message names it and says what is expected. */
export class SettingsError extends Error {
  override name = 'SettingsError'
}

const Switch = (description: string) =>
  Type.String({ pattern: '^(on|off|true|false|1|0)$', description: `${description}: on or off` })
/** An e-mail address, or a display name with the address in angle brackets; never a line break (header injection). */
const MAIL_FROM_PATTERN = '^([^\\r\\n<>]*<[^\\s@<>]+@[^\\s@<>]+>|[^\\s@<>]+@[^\\s@<>]+)$'
const HttpUrl = (description: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', description: `${description} (an http:// or https:// address)` })

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
  DATABASE_URL: Type.String({
    pattern: '^(sqlite:.+|postgres(ql)?://.+)$',
    default: 'sqlite:./data/wandercards.db',
    description: 'sqlite:<file> or postgres://user@host:5432/db',
  }),
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
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String()),
  STRIPE_API_HOST: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_API_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'a port number' })),
  STRIPE_API_PROTOCOL: Type.Optional(Type.Union([Type.Literal('http'), Type.Literal('https')])),
  PAYMENTS_TEST_MODE: Type.Optional(Switch('the test-mode payment provider')),
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://[^\\s]+$', description: 'a redis:// or rediss:// address' }),
  ),
  LOG_LEVEL: Type.String({
    pattern: '^(fatal|error|warn|info|debug|trace|silent)$',
    default: 'info',
    description: 'one of fatal, error, warn, info, debug, trace, silent',
  }),
  TRUST_PROXY: Type.String({
    minLength: 1,
    description:
      'off, the number of proxies in front of the app (e.g. 1), or their comma-separated addresses or CIDR blocks ' +
      '(e.g. 10.0.0.0/8)',
  }),
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
  PASSWORD_HASH_CONCURRENCY: Type.Integer({ minimum: 1, default: 2, description: 'a whole number, at least 1' }),
  PASSWORD_HASH_QUEUE: Type.Integer({ minimum: 0, default: 20, description: 'a whole number, 0 or more' }),
  BLOB_STORE: Type.String({ pattern: '^(local|s3)$', default: 'local', description: 'local or s3' }),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1, description: 'a bucket name' })),
  S3_ENDPOINT: Type.Optional(HttpUrl('the S3-compatible store')),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1', description: 'a region name, e.g. us-east-1 or auto' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  S3_FORCE_PATH_STYLE: Switch('the bucket in the path'),
  S3_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 3000, description: 'milliseconds, at least 1' }),
  S3_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 10_000, description: 'milliseconds, at least 1' }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://[^\\s]+$',
      description: 'an smtp:// or smtps:// address, e.g. smtps://user:password@smtp.example.com:465',
    }),
  ),
  MAIL_FROM: Type.String({
    pattern: MAIL_FROM_PATTERN,
    default: 'Wandercards <no-reply@localhost>',
    description: 'an address, e.g. "Wandercards <no-reply@example.com>", on one line',
  }),
  MAIL: Type.Optional(Switch('e-mail')),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(HttpUrl('the OpenTelemetry collector, e.g. http://collector:4318')),
  OTEL_SERVICE_NAME: Type.String({ minLength: 1, default: 'wandercards', description: 'a service name' }),
  TRACES_SAMPLE_RATIO: Type.Number({
    minimum: 0,
    maximum: 1,
    default: 1,
    description: 'a number from 0 to 1, the share of requests traced',
  }),
  DB_POOL_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'a whole number from 1 to 1000' }),
  DB_POOL_ACQUIRE_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 10_000, description: 'milliseconds, at least 1' }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 30_000, description: 'milliseconds, at least 1' }),
  DB_LOCK_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 5000, description: 'milliseconds, at least 1' }),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: Type.Integer({
    minimum: 1,
    default: 60_000,
    description: 'milliseconds, at least 1',
  }),
})
type Settings = Static<typeof SettingsSchema>

const SWITCH_DEFAULTS = {
  TRUST_PROXY: 'off',
  RATE_LIMITS: 'on',
  ART_WARMUP: 'on',
  PICTURE_SWEEP: 'on',
  S3_FORCE_PATH_STYLE: 'off',
} as const

function isOn(value: string | undefined): boolean {
  return value === 'on' || value === 'true' || value === '1'
}

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
  const stripeConfigured = Boolean(settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY)

  if (production) checkProductionSettings(settings, database, stripeConfigured)

  return {
    production,
    port,
    host: settings.HOST,
    publicUrl,
    shareBaseUrl: (settings.SHARE_BASE_URL ?? `${publicUrl}/s`).replace(/\/+$/, ''),
    database,
    databaseLimits: {
      poolMax: settings.DB_POOL_MAX,
      acquireTimeoutMs: settings.DB_POOL_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: settings.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: settings.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    instances: settings.INSTANCES,
    apiKeys: settings.API_KEYS.split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    sessionTtlDays: settings.SESSION_TTL_DAYS,
    sessionCacheSeconds: settings.SESSION_CACHE_SECONDS,
    dataDir: path.resolve(settings.DATA_DIR),
    webRoot: settings.WEB_ROOT === '' ? null : path.resolve(settings.WEB_ROOT ?? './dist/web'),
    stripe:
      settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: settings.STRIPE_SECRET_KEY,
            publishableKey: settings.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? '',
            // Only for pointing the SDK at a local stand-in server in tests.
            ...(settings.STRIPE_API_HOST ? { apiHost: settings.STRIPE_API_HOST } : {}),
            ...(settings.STRIPE_API_PORT ? { apiPort: settings.STRIPE_API_PORT } : {}),
            ...(settings.STRIPE_API_PROTOCOL === 'http' ? { apiProtocol: 'http' as const } : {}),
          }
        : null,
    // Without Stripe keys the built-in test mode sells credit for nothing; a production deploy must ask for it.
    paymentsTestMode: settings.PAYMENTS_TEST_MODE ? isOn(settings.PAYMENTS_TEST_MODE) : !production,
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
    passwordHashing: { concurrency: settings.PASSWORD_HASH_CONCURRENCY, queue: settings.PASSWORD_HASH_QUEUE },
    shutdownGraceMs: settings.SHUTDOWN_GRACE_SECONDS * 1000,
    loadShedding: {
      maxEventLoopDelayMs: settings.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: settings.LOAD_SHEDDING_MAX_HEAP_MB * 1024 * 1024,
    },
    blobStore: blobStoreSettings(settings),
    mail: mailSettings(settings),
    tracing: settings.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''),
          serviceName: settings.OTEL_SERVICE_NAME,
          sampleRatio: settings.TRACES_SAMPLE_RATIO,
        }
      : null,
  }
}

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail, so the e-mail flows work on a fresh machine. */
function mailSettings(settings: Settings): MailSettings {
  const from = settings.MAIL_FROM
  if (settings.MAIL !== undefined && !isOn(settings.MAIL)) return { mode: 'off', from }
  if (settings.SMTP_URL) return { mode: 'smtp', smtpUrl: settings.SMTP_URL, from }
  return { mode: 'files', folder: path.join(path.resolve(settings.DATA_DIR), 'mail'), from }
}

/** What a development machine forgives but a production deploy must not start with. */
function checkProductionSettings(settings: Settings, database: Config['database'], stripeConfigured: boolean): void {
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

/** BLOB_STORE=local (DATA_DIR/blobs) or s3 with the S3_* settings, for AWS S3, MinIO, R2, Ceph and the like. */
function blobStoreSettings(settings: Settings): BlobStoreSettings {
  if (settings.BLOB_STORE !== 's3')
    return { kind: 'local', folder: path.join(path.resolve(settings.DATA_DIR), 'blobs') }
  if (!settings.S3_BUCKET) {
    throw new SettingsError(
      'Setting S3_BUCKET is required when BLOB_STORE=s3: set it to an existing bucket the app may get, put, delete ' +
        'and list in.',
    )
  }
  if (!settings.S3_ACCESS_KEY_ID !== !settings.S3_SECRET_ACCESS_KEY) {
    throw new SettingsError(
      "Settings S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's " +
        'default credentials (environment, instance or task role).',
    )
  }
  return {
    kind: 's3',
    bucket: settings.S3_BUCKET,
    endpoint: settings.S3_ENDPOINT ?? null,
    region: settings.S3_REGION,
    accessKeyId: settings.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: isOn(settings.S3_FORCE_PATH_STYLE),
    connectTimeoutMs: settings.S3_CONNECT_TIMEOUT_MS,
    requestTimeoutMs: settings.S3_REQUEST_TIMEOUT_MS,
  }
}

/**
 * TRUST_PROXY: `off` (also `false`, `0`), a hop count, or addresses and CIDR blocks. A bare `on` is refused: it used to
 * mean "believe every X-Forwarded-For entry", which lets a client choose the address its rate limits count against,
 * and no single meaning is right both behind one balancer and behind a CDN and a balancer.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const setting = value.trim().toLowerCase()
  if (['off', 'false', '0'].includes(setting)) return false
  if (setting === 'on' || setting === 'true') {
    throw new SettingsError(
      `Setting TRUST_PROXY=${value} no longer says which proxies to believe: a client could then choose the address ` +
        'its rate limits count against. Set TRUST_PROXY to the addresses or CIDR blocks of the balancers that connect ' +
        'to the app (e.g. TRUST_PROXY=10.0.0.0/8, or 127.0.0.1 for nginx on the same machine), or to the number of ' +
        'proxies in front of it (TRUST_PROXY=1 for one nginx or one cloud balancer), or TRUST_PROXY=off.',
    )
  }
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting)
    if (hops > 10) throw new SettingsError(`Setting TRUST_PROXY=${value} is invalid: expected at most 10 proxies.`)
    return { hops }
  }
  const addresses = setting.split(',').map((entry) => entry.trim())
  for (const address of addresses) {
    if (!isAddressOrBlock(address)) {
      throw new SettingsError(
        `Setting TRUST_PROXY=${JSON.stringify(value)} is invalid: "${address}" is not an IP address or CIDR block. ` +
          'Expected off, a number of proxies (e.g. 1), or comma-separated addresses or CIDR blocks (e.g. ' +
          '10.0.0.0/8,192.168.1.4).',
      )
    }
  }
  return { addresses }
}

function isAddressOrBlock(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = net.isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

export function parseDatabaseUrl(url: string): Config['database'] {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', url, sqlitePath: '' }
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length)
    return { dialect: 'sqlite', url, sqlitePath: file === ':memory:' ? file : path.resolve(file) }
  }
  throw new SettingsError(`Setting DATABASE_URL must start with sqlite: or postgres://, got "${url}"`)
}
