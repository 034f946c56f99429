import path from 'node:path'

import { Type, type Static } from 'typebox'

import type { BlobStoreSettings } from '../lib/blobStore'

import { HttpUrl, isOn, SettingsError, Switch } from './settings'

/** The blob store's settings as written in the environment (README's settings table). */
export const StorageSettingsSchema = Type.Object({
  BLOB_STORE: Type.String({ pattern: '^(local|s3)$', default: 'local', description: 'local or s3' }),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1, description: 'a bucket name' })),
  S3_ENDPOINT: Type.Optional(HttpUrl('the S3-compatible store')),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1', description: 'a region name, e.g. us-east-1 or auto' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  S3_FORCE_PATH_STYLE: Switch('the bucket in the path'),
  S3_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 3000, description: 'milliseconds, at least 1' }),
  S3_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 10_000, description: 'milliseconds, at least 1' }),
})

/**
 * BLOB_STORE=local (`dataDir`/blobs) or s3 with the S3_* settings, for AWS S3, MinIO, R2, Ceph and the like.
 * `dataDir` is DATA_DIR resolved.
 */
export function blobStoreSettings(settings: Static<typeof StorageSettingsSchema>, dataDir: string): BlobStoreSettings {
  if (settings.BLOB_STORE !== 's3') return { kind: 'local', folder: path.join(dataDir, 'blobs') }
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
