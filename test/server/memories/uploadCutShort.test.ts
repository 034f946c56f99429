import crypto from 'node:crypto'

import sharp from 'sharp'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'
import { API_KEY, buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

jest.setTimeout(60_000)

let t: TestApp
let user: TestUser
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  user = await t.register()
})
afterAll(() => t.close())

function multipart(parts: { head: string; data?: Buffer; tail?: string }) {
  return Buffer.concat([Buffer.from(parts.head), parts.data ?? Buffer.alloc(0), Buffer.from(parts.tail ?? '')])
}

async function post(payload: Buffer, boundary: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/memory/uploadMemoryPicture',
    headers: {
      'x-api-key': API_KEY,
      'x-auth-key': user.token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return { status: response.statusCode, body: response.json<{ metadata: { errorCode: string; message: string } }>() }
}

async function storedUploads() {
  const rows = await t.db.selectFrom('memory_pictures').select('file_name').execute()
  return rows.length
}

describe('an upload cut short or too large', () => {
  const boundary = `----wandercards${crypto.randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`

  it('answers 400 when the form ends in the middle of the file', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const { status, body } = await post(multipart({ head, data: png.subarray(0, 60) }), boundary)
    expect(status).toBe(400)
    expect(body.metadata.errorCode).toBe('BadRequest')
    expect(body.metadata.message).toMatch(/upload was interrupted/)
    expect(await storedUploads()).toBe(0)
  })

  it('answers 400 when the form stops after the part headers', async () => {
    const { status, body } = await post(Buffer.from(head.slice(0, head.length - 10)), boundary)
    expect(status).toBe(400)
    expect(body.metadata.errorCode).toBe('BadRequest')
  })

  it.each([0, 1, 4096, 65_537, 1_000_000])('names the size limit for a file %d bytes over it', async (over) => {
    const data = Buffer.alloc(MEMORY_PICTURE_MAX_BYTES + over, 7)
    const { status, body } = await post(multipart({ head, data, tail: `\r\n--${boundary}--\r\n` }), boundary)
    // Exactly at the limit is allowed (and then refused as not a picture); one byte over names the limit.
    if (over === 0) {
      expect(body.metadata.message).not.toMatch(/larger than/)
    } else {
      expect(body.metadata.message).toMatch(/larger than 10 MB/)
    }
    expect(status).toBe(400)
    expect(await storedUploads()).toBe(0)
  })
})
