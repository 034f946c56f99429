import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

import type { S3Settings } from '@server/lib/blobStore'

export interface TestS3 {
  /** The settings that point the app at this server (BLOB_STORE=s3 and the S3_* settings). */
  env: Record<string, string>
  settings: S3Settings
  /** Stops answering, as a store that went down: connections are refused; the files are kept. */
  stop(): Promise<void>
  /** Answers again on the same address, with the same files. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER'

/**
 * A real S3-compatible server on a free loopback port, with one empty bucket, its files in a temporary folder (under
 * `parent`, the system's temporary folder unless given).
 */
export async function startTestS3(bucket = 'wandercards-test', parent = os.tmpdir()): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(parent, 'wandercards-s3-'))
  const serve = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] })
  let server: S3rver | null = serve(0)
  const { port } = await server.run()
  const stop = async () => {
    await server?.close()
    server = null
  }
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
    // The settings' defaults (S3_CONNECT_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS).
    connectTimeoutMs: 3000,
    requestTimeoutMs: 10_000,
  }
  return {
    settings,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    restart: async () => {
      await stop()
      server = serve(port)
      await server.run()
    },
    close: async () => {
      await stop()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
