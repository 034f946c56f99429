import net from 'node:net'

import sharp from 'sharp'

import { STORE_BREAKER_OPEN_MS } from '@server/plugins/rateLimit'
import { buildTestApp, type TestApp } from '@test/helpers/server'

import { uploadFile } from './memories/fixtures'

/**
 * A Redis stand-in that accepts connections and answers nothing, or (`readyCheck`) only what a client asks while
 * connecting (CLIENT, SELECT, INFO) and subscriptions, so the app starts connected and then meets a Redis that hangs
 * on every call (the rate-limit counters, PING, PUBLISH).
 */
async function silentRedis(
  readyCheck: boolean,
): Promise<{ url: string; counterCalls(): number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  let counterCalls = 0
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    let pending = ''
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1')
      // Each command is a RESP array of bulk strings: *<count>, then $<length> and the text of each part.
      for (;;) {
        const command = /^\*(\d+)\r\n/.exec(pending)
        if (!command) return
        let offset = command[0].length
        const parts: string[] = []
        for (let part = 0; part < Number(command[1]); part += 1) {
          const header = /^\$(\d+)\r\n/.exec(pending.slice(offset))
          if (!header) return
          const start = offset + header[0].length
          if (pending.length < start + Number(header[1]) + 2) return
          parts.push(pending.slice(start, start + Number(header[1])))
          offset = start + Number(header[1]) + 2
        }
        pending = pending.slice(offset)
        const name = parts[0]?.toLowerCase()
        // The rate-limit counters run as a script.
        if (name === 'evalsha' || name === 'eval') counterCalls += 1
        if (!readyCheck) continue
        if (name === 'client' || name === 'select') socket.write('+OK\r\n')
        else if (name === 'info') socket.write('$9\r\nloading:0\r\n')
        else if (name === 'subscribe') {
          const channel = parts[1] ?? ''
          socket.write(`*3\r\n$9\r\nsubscribe\r\n$${channel.length}\r\n${channel}\r\n:1\r\n`)
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `redis://127.0.0.1:${port}`,
    counterCalls: () => counterCalls,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy())
        server.close(() => resolve())
      }),
  }
}

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer()
}

describe.each([
  ['that accepts connections and never answers', false],
  ['that answers while connecting, then hangs', true],
])('limits with a Redis %s', (_, readyCheck) => {
  let redis: Awaited<ReturnType<typeof silentRedis>>
  let t: TestApp
  beforeAll(async () => {
    redis = await silentRedis(readyCheck)
    t = await buildTestApp({ seed: false, env: { REDIS_URL: redis.url } })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await redis.close()
  })

  it('answers registration, uploads and share pages without the counters, and refuses login', async () => {
    const user = await t.register({
      email: `silent.${String(readyCheck)}@example.com`,
      password: 'a silent redis password',
    })

    const upload = await uploadFile(t, user.token, {
      data: await picture(),
      fileName: 'a.png',
      contentType: 'image/png',
    })
    expect(upload.status).toBe(200)

    const share = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${user.friendCode}` })
    expect(share.statusCode).toBe(200)

    const login = await t.call('POST', '/api/login', {
      body: { email: user.email, password: 'a silent redis password' },
    })
    expect(login.status).toBe(503)
    expect(login.body.metadata).toMatchObject({ status: false, errorCode: 'Unavailable' })
  })
})

describe('limits after Redis stopped answering', () => {
  let redis: Awaited<ReturnType<typeof silentRedis>>
  let t: TestApp
  beforeAll(async () => {
    redis = await silentRedis(true)
    t = await buildTestApp({ seed: false, env: { REDIS_URL: redis.url } })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await redis.close()
  })
  afterEach(() => jest.restoreAllMocks())

  it('stop asking it for a moment after it failed, then ask again', async () => {
    // The limits' clock (Date.now) stands still, then moves on by the moment.
    const start = Date.now()
    jest.spyOn(Date, 'now').mockImplementation(() => start)
    const user = await t.register({ email: 'breaker@example.com', password: 'a silent redis password' })
    expect(redis.counterCalls()).toBe(1)
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await t.call('POST', '/api/login', { body: { email: user.email, password: 'a silent redis password' } }))
          .status,
      ).toBe(503)
    }
    expect(redis.counterCalls()).toBe(1)

    jest.spyOn(Date, 'now').mockImplementation(() => start + STORE_BREAKER_OPEN_MS)
    expect(
      (await t.call('POST', '/api/login', { body: { email: user.email, password: 'a silent redis password' } })).status,
    ).toBe(503)
    expect(redis.counterCalls()).toBe(2)
  })
})
