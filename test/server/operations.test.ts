import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'

import { buildApp } from '@server/app'
import { loadConfig } from '@server/config'
import { createDb } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { buildTestApp, type TestApp } from '@test/helpers/server'
import { giveDigitalCredit } from '@test/server/acquire/helpers'

// Each block builds its own app on its own database: slow on a busy machine.
jest.setTimeout(120_000)

const METRICS_TOKEN = 'scrape-token-of-enough-length'

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('liveness and readiness', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('answers liveness without asking the database', async () => {
    await t.db.destroy()
    const { status, body } = await t.call('GET', '/api/health')
    expect(status).toBe(200)
    expect(body.data).toEqual({ status: 'ok', version: '1.0.0' })
  })

  it('is ready when the database answers and the blob store accepts writes', async () => {
    const ready = await buildTestApp({ seed: false })
    try {
      const { status, body } = await ready.call('GET', '/api/health/ready')
      expect(status).toBe(200)
      expect(body.data).toEqual({ database: 'ok', redis: 'off', storage: 'ok', version: '1.0.0' })
    } finally {
      await ready.close()
    }
  })

  it('is not ready, and says why, when the database is gone', async () => {
    const { status, body } = await t.call('GET', '/api/health/ready')
    expect(status).toBe(503)
    expect(body.metadata).toMatchObject({ status: false, errorCode: 'Unavailable' })
    expect(body.metadata.message).toBe('Not ready: the database not reachable.')
  })

  it('is not ready when the configured Redis does not answer', async () => {
    const port = await closedPort()
    const withRedis = await buildTestApp({ seed: false, env: { REDIS_URL: `redis://127.0.0.1:${port}` } })
    try {
      const { status, body } = await withRedis.call('GET', '/api/health/ready')
      expect(status).toBe(503)
      expect(body.metadata.message).toBe('Not ready: Redis not reachable.')
    } finally {
      await withRedis.close()
    }
  })

  it('is not ready when the data folder cannot be written', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-ready-')), 'not-a-folder')
    fs.writeFileSync(file, '')
    const blocked = await buildTestApp({ seed: false, env: { DATA_DIR: path.join(file, 'data') } })
    try {
      const { status, body } = await blocked.call('GET', '/api/health/ready')
      expect(status).toBe(503)
      expect(body.metadata.message).toBe('Not ready: the blob store not reachable.')
    } finally {
      await blocked.close()
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
    }
  })
})

describe('load shedding', () => {
  it('refuses calls with 503 in the envelope under pressure, and still answers liveness and the web app’s files', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-web-'))
    fs.mkdirSync(path.join(webRoot, 'assets'))
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>')
    fs.writeFileSync(path.join(webRoot, 'assets', 'page-feed.0123456789.js'), 'console.log(1)')
    // A heap limit far below any real heap puts the server under pressure from its first sample.
    const t = await buildTestApp({
      seed: false,
      env: { LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_SHEDDING_MAX_HEAP_MB: '1', WEB_ROOT: webRoot },
    })
    try {
      // Start-up work is not load: shedding begins once the first samples after start-up are taken.
      await new Promise((resolve) => setTimeout(resolve, 2500))
      const shed = await t.app.inject({ method: 'GET', url: '/api/getUser' })
      expect(shed.statusCode).toBe(503)
      expect(shed.headers['retry-after']).toBe('10')
      expect(shed.json()).toMatchObject({
        metadata: {
          status: false,
          errorCode: 'Unavailable',
          message: 'The server is busy. Please try again in a moment.',
        },
        data: null,
      })
      expect((await t.call('GET', '/api/health')).status).toBe(200)
      // A page that got its first script must get the rest, or it goes blank: files cost the server next to nothing.
      expect((await t.app.inject({ method: 'GET', url: '/feed' })).statusCode).toBe(200)
      expect((await t.app.inject({ method: 'GET', url: '/assets/page-feed.0123456789.js' })).statusCode).toBe(200)
    } finally {
      await t.close()
      fs.rmSync(webRoot, { recursive: true, force: true })
    }
  })
})

describe('GET /metrics', () => {
  it('is off unless METRICS_TOKEN is set', async () => {
    const t = await buildTestApp({ seed: false })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })

  describe('with METRICS_TOKEN', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp({ env: { METRICS_TOKEN } })
    })
    afterAll(() => t.close())

    const scrape = (token?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} })

    it('refuses a scrape without the token', async () => {
      expect((await scrape()).statusCode).toBe(401)
      expect((await scrape('wrong-token-of-enough-length')).statusCode).toBe(401)
    })

    it('counts requests per route, refusals by code, and credit issued and spent', async () => {
      const marta = await t.register()
      await giveDigitalCredit(t, marta.userId, 500)
      await t.call('GET', '/api/memory/getMemory?memoryId=no-such-memory', { token: marta.token })
      await t.call('GET', '/api/getUser', { token: marta.token })

      const response = await scrape(METRICS_TOKEN)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
      const text = response.body
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/getUser",status_code="200"\} 1/)
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/memory\/getMemory"\} 1/)
      expect(text).toMatch(/api_errors_total\{code="NotFound"\} 1/)
      expect(text).toMatch(/credits_issued\{currency="digital",reason="purchase"\} 500/)
      expect(text).toContain('job_runs_total')
      // The pool's gauge: open connections on PostgreSQL, absent on SQLite, which has no pool.
      expect(/db_pool_connections\{state="open"\} [1-9]/.test(text)).toBe(t.dialect === 'postgres')
    })
  })
})

describe('request logs', () => {
  it('carry the request id, and log the notification poll at debug only', async () => {
    const lines: { level: number; reqId?: string; msg: string }[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never)
        done()
      },
    })
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-log-'))
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(dataDir, 'log.db')}`,
      DATA_DIR: dataDir,
      WEB_ROOT: '',
      API_KEYS: 'log-key',
      LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '0',
    })
    const db = createDb(config.database)
    await migrateToLatest(db)
    const app = await buildApp({ config, db, logger: { level: 'info', stream } })
    try {
      const poll = await app.inject({
        method: 'GET',
        url: '/api/checkNewNotifications',
        headers: { 'x-api-key': 'log-key', 'x-request-id': 'balancer-request-0001' },
      })
      const other = await app.inject({
        method: 'GET',
        url: '/api/payment/getCreditProducts',
        headers: { 'x-api-key': 'log-key' },
      })

      expect(poll.headers['x-request-id']).toBe('balancer-request-0001')
      expect(lines.filter((line) => line.reqId === 'balancer-request-0001')).toEqual([])
      const otherLines = lines.filter((line) => line.reqId === other.headers['x-request-id'])
      expect(otherLines.map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
    } finally {
      await app.close()
      await db.destroy()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
