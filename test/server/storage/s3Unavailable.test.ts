import net from 'node:net'

import sharp from 'sharp'

import type { UploadMemoryPictureResult } from '@shared/memories'
import { STORE_UNAVAILABLE } from '@server/lib/blobStore'
import { startTestS3, type TestS3 } from '@test/helpers/s3'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { fetchPicture, uploadFile } from '../memories/fixtures'

/** Short bounds, so a store that does not answer is given up on within a few seconds. */
const QUICK_TIMEOUTS = { S3_CONNECT_TIMEOUT_MS: '500', S3_REQUEST_TIMEOUT_MS: '1000' }
/**
 * Bounds a busy machine's in-process s3rver meets while it works; a store that is down refuses connections at once, so
 * they do not make the refusal wait.
 */
const WORKING_TIMEOUTS = { S3_CONNECT_TIMEOUT_MS: '5000', S3_REQUEST_TIMEOUT_MS: '10000' }

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#a73' } })
    .png()
    .toBuffer()
}

function expectUnavailable(answer: { status: number; body: unknown }): void {
  expect(answer.status).toBe(503)
  expect(answer.body).toMatchObject({
    metadata: { status: false, errorCode: 'Unavailable', message: STORE_UNAVAILABLE },
    data: null,
  })
}

describe('BLOB_STORE=s3 when the store goes down', () => {
  let s3: TestS3
  let t: TestApp
  beforeAll(async () => {
    s3 = await startTestS3()
    t = await buildTestApp({ env: { ...s3.env, ...WORKING_TIMEOUTS } })
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('answers uploads and picture links 503 Unavailable in the envelope, and serves again once it is back', async () => {
    const user = await t.register()
    const stored = await uploadFile(t, user.token, {
      data: await picture(),
      fileName: 'a.png',
      contentType: 'image/png',
    })
    expect(stored.status).toBe(200)
    const { url } = stored.body.data as UploadMemoryPictureResult

    await s3.stop()
    const refused = await uploadFile(t, user.token, {
      data: await picture(),
      fileName: 'b.png',
      contentType: 'image/png',
    })
    const link = await fetchPicture(t, url)

    expectUnavailable(refused)
    expectUnavailable({ status: link.status, body: JSON.parse(link.data.toString()) })
    expect(
      await t.db.selectFrom('memory_pictures').select('file_name').where('user_id', '=', user.userId).execute(),
    ).toHaveLength(1)

    await s3.restart()
    expect((await fetchPicture(t, url)).status).toBe(200)
    const again = await uploadFile(t, user.token, {
      data: await picture(),
      fileName: 'c.png',
      contentType: 'image/png',
    })
    expect(again.status).toBe(200)
  })
})

describe('BLOB_STORE=s3 when the store accepts connections and never answers', () => {
  let held: net.Socket[]
  let silent: net.Server
  let t: TestApp
  beforeAll(async () => {
    held = []
    silent = net.createServer((socket) => held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    t = await buildTestApp({
      env: {
        BLOB_STORE: 's3',
        S3_BUCKET: 'silent',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'on',
        ...QUICK_TIMEOUTS,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('answers an upload 503 Unavailable in the envelope instead of waiting, and stores no row', async () => {
    const user = await t.register()

    const answer = await uploadFile(t, user.token, {
      data: await picture(),
      fileName: 'a.png',
      contentType: 'image/png',
    })

    expectUnavailable(answer)
    expect(
      await t.db.selectFrom('memory_pictures').select('file_name').where('user_id', '=', user.userId).execute(),
    ).toEqual([])
  })
})
