import crypto from 'node:crypto'
import path from 'node:path'

import type { BlobStoreSettings } from './lib/blobStore'

export type DatabaseDialect = 'sqlite' | 'postgres'

export interface Config {
  port: number
  host: string
  /** Where the app is reached from outside, without a trailing slash (used for share links and payment return URLs). */
  publicUrl: string
  /** The share host; its pages are rendered by the server. */
  shareBaseUrl: string
  database: { dialect: DatabaseDialect; url: string; sqlitePath: string }
  apiKeys: string[]
  sessionTtlDays: number
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
  trustProxy: boolean
  rateLimits: boolean
  /** Render every card's small picture in the background after start-up (ART_WARMUP=off skips it). */
  artWarmup: boolean
  /** Delete, every hour, uploaded memory pictures left unattached for a day (PICTURE_SWEEP=off stops it). */
  pictureSweep: boolean
  /** HMAC key of signed memory-picture URLs; set it when several instances serve one site, or links break across them and restarts. */
  mediaSigningSecret: string

  // Object storage: where memory pictures and rendered card art are kept (see loadStorageSettings).
  blobStore: BlobStoreSettings
}

/** Every setting, from the environment, with defaults that run on a fresh machine. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080)
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:./data/wandercards.db'
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    shareBaseUrl: (env.SHARE_BASE_URL ?? `${publicUrl}/s`).replace(/\/+$/, ''),
    database: parseDatabaseUrl(databaseUrl),
    apiKeys: (env.API_KEYS ?? 'dev-web-key')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    sessionTtlDays: Number(env.SESSION_TTL_DAYS ?? 30),
    dataDir,
    webRoot: env.WEB_ROOT === '' ? null : path.resolve(env.WEB_ROOT ?? './dist/web'),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            // Only for pointing the SDK at a local stand-in server in tests.
            ...(env.STRIPE_API_HOST ? { apiHost: env.STRIPE_API_HOST } : {}),
            ...(env.STRIPE_API_PORT ? { apiPort: Number(env.STRIPE_API_PORT) } : {}),
            ...(env.STRIPE_API_PROTOCOL === 'http' ? { apiProtocol: 'http' as const } : {}),
          }
        : null,
    // Without Stripe keys the built-in test mode sells credit for nothing; a production deploy must ask for it.
    paymentsTestMode: env.PAYMENTS_TEST_MODE ? env.PAYMENTS_TEST_MODE === 'on' : env.NODE_ENV !== 'production',
    redisUrl: env.REDIS_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimits: env.RATE_LIMITS !== 'off',
    artWarmup: env.ART_WARMUP !== 'off',
    pictureSweep: env.PICTURE_SWEEP !== 'off',
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET || crypto.randomBytes(32).toString('hex'),
    ...loadStorageSettings(env, dataDir),
  }
}

/** BLOB_STORE=local (default: DATA_DIR/blobs) or s3 with the S3_* settings, for AWS S3, MinIO, R2, Ceph and the like. */
export function loadStorageSettings(env: NodeJS.ProcessEnv, dataDir: string): Pick<Config, 'blobStore'> {
  const kind = env.BLOB_STORE || 'local'
  if (kind === 'local') return { blobStore: { kind: 'local', folder: path.join(dataDir, 'blobs') } }
  if (kind !== 's3') throw new Error(`BLOB_STORE must be local or s3, got "${kind}"`)
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET must be set when BLOB_STORE=s3')
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? 'false'
  if (!['true', 'false', '1', '0'].includes(forcePathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${forcePathStyle}"`)
  return {
    blobStore: {
      kind: 's3',
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT || null,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || null,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
      forcePathStyle: forcePathStyle === 'true' || forcePathStyle === '1',
    },
  }
}

export function parseDatabaseUrl(url: string): Config['database'] {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', url, sqlitePath: '' }
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length)
    return { dialect: 'sqlite', url, sqlitePath: file === ':memory:' ? file : path.resolve(file) }
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`)
}
