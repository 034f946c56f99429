import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { sql } from 'kysely'
import sharp from 'sharp'

import type { PickCardResult } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import type { Envelope } from '@shared/envelope'
import type { CreateMemoryResult, Memory, UploadMemoryPictureResult } from '@shared/memories'
import type { LoginResult, RegisterResult } from '@shared/session'
import { createDb, type Db } from '@server/db/createDb'
import { credit, ledgerSums } from '@server/features/wallet/ledger'
import { LIMITS } from '@server/plugins/rateLimit'

import { startCluster, UPSTREAM_HEADER, type Cluster, type ClusterInstance } from '../../scripts/cluster/cluster'

// Three instances of the compiled server behind nginx (round-robin) on PostgreSQL, Redis and an S3-compatible store,
// driven only through the balancer, as users reach the site.
let cluster: Cluster
let db: Db
let cleanUp = async () => undefined

beforeAll(async () => {
  // The card art warm-up would spend a minute of CPU on one instance; the suite needs none of the card pictures.
  cluster = await startCluster({ env: { ART_WARMUP: 'off' } })
  db = createDb({ dialect: 'postgres', url: cluster.databaseUrl, sqlitePath: '' })
  cleanUp = async () => {
    await db.destroy()
    await cluster.stop()
  }
}, 180_000)
afterAll(() => cleanUp(), 60_000)

interface Answer<T> {
  status: number
  body: Envelope<T>
  /** The instance that answered (host:port), as nginx reports it. */
  upstream: string
}

async function api<T>(
  method: 'GET' | 'POST',
  route: string,
  options: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-api-key': cluster.apiKey }
  if (options.token) headers['x-auth-key'] = options.token
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${cluster.url}${route}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { data: text }) as Envelope<T>,
    upstream: response.headers.get(UPSTREAM_HEADER) ?? '',
  }
}

/**
 * Round-robin sends consecutive requests to consecutive instances: health probes go through the balancer until the
 * one before `target` answered, so the next request reaches `target` (each test asserts it did).
 */
async function steerTo(target: ClusterInstance): Promise<void> {
  const count = cluster.instances.length
  const before = cluster.instances[(target.index + count - 1) % count]
  for (let probe = 0; probe < 2 * count; probe += 1) {
    const { upstream } = await api('GET', '/api/health')
    if (upstream === before?.address) return
  }
  throw new Error(`round-robin never reached ${before?.address}`)
}

function instance(index: number): ClusterInstance {
  const found = cluster.instances[index]
  if (!found) throw new Error(`the cluster has no instance ${index}`)
  return found
}

function newEmail(): string {
  return `cluster.${crypto.randomBytes(4).toString('hex')}@example.com`
}

async function register(email = newEmail(), password = 'correct horse battery') {
  const answer = await api<RegisterResult>('POST', '/api/register', { body: { email, password } })
  if (answer.status !== 200) throw new Error(`registration failed: ${JSON.stringify(answer.body)}`)
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return { email, password, token: answer.body.data.authKey, userId: user.id, upstream: answer.upstream }
}

async function cardOfRarity(rarity: number): Promise<string> {
  const card = await db.selectFrom('cards').select('id').where('rarity', '=', rarity).orderBy('id').executeTakeFirst()
  if (!card) throw new Error(`no card of rarity ${rarity}`)
  return card.id
}

async function picture(): Promise<Blob> {
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer()
  return new Blob([new Uint8Array(png)], { type: 'image/png' })
}

/**
 * A call through the balancer from another loopback address (all of 127.0.0.0/8 is this machine), so a test has a
 * client address of its own, as nginx sees it, and headers the client writes itself.
 */
async function apiFrom<T>(
  clientAddress: string,
  route: string,
  options: { body: unknown; headers?: Record<string, string> },
): Promise<Answer<T>> {
  const url = new URL(route, cluster.url)
  const body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress: clientAddress,
        headers: {
          'x-api-key': cluster.apiKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: response.statusCode ?? 0,
            body: (String(response.headers['content-type']).includes('json')
              ? JSON.parse(text)
              : { data: text }) as Envelope<T>,
            upstream: String(response.headers[UPSTREAM_HEADER] ?? ''),
          })
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

describe('client addresses behind the balancer, which appends to X-Forwarded-For', () => {
  it('counts password guesses against the address a client connects from, whatever addresses it writes', async () => {
    const victim = newEmail()
    expect(
      (await apiFrom('127.0.0.2', '/api/register', { body: { email: victim, password: 'the right one' } })).status,
    ).toBe(200)

    const guesses: Answer<unknown>[] = []
    for (let attempt = 0; attempt < LIMITS.loginPerAccount.max; attempt += 1) {
      guesses.push(
        await apiFrom('127.0.0.3', '/api/login', {
          body: { email: victim, password: `guess ${attempt}` },
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        }),
      )
    }
    expect(guesses.map((guess) => guess.status)).toEqual(guesses.map(() => 400))
    expect(new Set(guesses.map((guess) => guess.upstream)).size).toBe(3)

    const limited = await apiFrom('127.0.0.3', '/api/login', {
      body: { email: victim, password: 'the right one' },
      headers: { 'x-forwarded-for': '203.0.113.200' },
    })
    expect(limited.status).toBe(429)
    expect(limited.body.metadata.errorCode).toBe('TooManyRequests')
  })

  it("does not let a client spend another address's limits by writing that address", async () => {
    const bystander = newEmail()
    expect(
      (await apiFrom('127.0.0.4', '/api/register', { body: { email: bystander, password: 'mine and only mine' } }))
        .status,
    ).toBe(200)

    const statuses: number[] = []
    for (let attempt = 0; attempt <= LIMITS.loginPerAddress.max; attempt += 1) {
      const answer = await apiFrom('127.0.0.5', '/api/login', {
        body: { email: newEmail(), password: 'guess' },
        headers: { 'x-forwarded-for': '127.0.0.4' },
      })
      statuses.push(answer.status)
    }
    // The writer reached its own limit …
    expect(statuses.at(-1)).toBe(429)
    // … and the address it wrote is untouched.
    const login = await apiFrom('127.0.0.4', '/api/login', {
      body: { email: bystander, password: 'mine and only mine' },
    })
    expect(login.status).toBe(200)
  })
})

describe('refusals of bodies over the size limit, through the balancer', () => {
  async function send(route: string, body: Uint8Array<ArrayBuffer> | FormData, headers: Record<string, string> = {}) {
    const response = await fetch(`${cluster.url}${route}`, {
      method: 'POST',
      headers: { 'x-api-key': cluster.apiKey, ...headers },
      body,
    })
    const text = await response.text()
    return { status: response.status, type: response.headers.get('content-type') ?? '', text }
  }
  /** A JSON body of about `megabytes` MB. */
  const jsonOf = (megabytes: number) =>
    new TextEncoder().encode(JSON.stringify({ email: 'x'.repeat(megabytes * 1024 * 1024) }))

  it("answers a 2 MB JSON body with the envelope every time, never the balancer's 502", async () => {
    const user = await register()
    const json = { 'content-type': 'application/json' }
    const answers = []
    for (let attempt = 0; attempt < 10; attempt += 1) {
      answers.push(await send('/api/login', jsonOf(2), json))
      answers.push(await send('/api/memory/createMemory', jsonOf(2), { ...json, 'x-auth-key': user.token }))
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 400, type: expect.stringContaining('application/json') })
      expect(JSON.parse(answer.text)).toMatchObject({
        metadata: { status: false, errorCode: 'BadRequest', message: 'The upload is too large.' },
        data: null,
      })
    }
  })

  it('answers a picture over the size limit with the envelope', async () => {
    const user = await register()
    const form = new FormData()
    form.append(
      'file',
      new Blob([new Uint8Array(crypto.randomBytes(12 * 1024 * 1024))], { type: 'image/png' }),
      'big.png',
    )
    const answer = await send('/api/memory/uploadMemoryPicture', form, { 'x-auth-key': user.token })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ metadata: { errorCode: 'BadRequest' }, data: null })
  })

  it("answers a body over the balancer's own limit with the app's envelope", async () => {
    const answer = await send('/api/login', jsonOf(51), { 'content-type': 'application/json' })
    expect(answer).toMatchObject({ status: 400, type: expect.stringContaining('application/json') })
    expect(JSON.parse(answer.text)).toEqual({
      metadata: { status: false, errorCode: 'BadRequest', message: 'The upload is too large.', authorized: false },
      data: null,
    })
  })
})

describe('a cluster of three instances behind nginx', () => {
  it('registers on one instance, logs in and uploads a picture through another, and shows both through the third', async () => {
    const [first, second, third] = [instance(0), instance(1), instance(2)]

    await steerTo(first)
    const user = await register()
    expect(user.upstream).toBe(first.address)

    await steerTo(second)
    const login = await api<LoginResult>('POST', '/api/login', { body: { email: user.email, password: user.password } })
    expect(login).toMatchObject({ status: 200, upstream: second.address })
    const token = login.body.data.authKey

    await steerTo(second)
    const form = new FormData()
    form.append('file', await picture(), 'harbour.png')
    const upload = await api<UploadMemoryPictureResult>('POST', '/api/memory/uploadMemoryPicture', { token, form })
    expect(upload).toMatchObject({ status: 200, upstream: second.address })

    const userCardId = crypto.randomUUID()
    await db
      .insertInto('user_cards')
      .values({
        id: userCardId,
        user_id: user.userId,
        card_id: await cardOfRarity(1),
        acquisition: 'pick',
        transaction_id: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    const created = await api<CreateMemoryResult>('POST', '/api/memory/createMemory', {
      token,
      body: {
        userCardId,
        memoryStartDate: '2026-06-01',
        memoryEndDate: '2026-06-03',
        memoryContent: 'Fish market at dawn, ferries all afternoon.',
        memoryPictures: [upload.body.data.pictureFileName],
        taggedFriends: [],
        visibility: 3,
      },
    })
    expect(created.status).toBe(200)

    await steerTo(third)
    const shown = await api<Memory>('GET', `/api/memory/getMemory?memoryId=${created.body.data.memoryId}`, { token })
    expect(shown).toMatchObject({ status: 200, upstream: third.address })
    expect(shown.body.data.memoryContent).toBe('Fish market at dawn, ferries all afternoon.')
    const pictureUrl = shown.body.data.pictures[0]?.url
    expect(pictureUrl).toBeDefined()

    await steerTo(third)
    const image = await fetch(`${cluster.url}${pictureUrl}`)
    expect(image.status).toBe(200)
    expect(image.headers.get(UPSTREAM_HEADER)).toBe(third.address)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 80, height: 60 })

    // The picture lives in the bucket only: no instance kept a copy on its own disk.
    for (const each of cluster.instances)
      expect(fs.existsSync(path.join(cluster.directory, `instance-${each.index}`, 'blobs'))).toBe(false)
  })

  it('counts rate limits once for the whole cluster: the login limit is reached by attempts spread over all instances', async () => {
    const user = await register()
    const servedBy = new Set<string>()
    // Each instance sees only a third of the attempts the per-account login limit allows.
    for (let attempt = 0; attempt < LIMITS.loginPerAccount.max; attempt += 1) {
      const wrong = await api('POST', '/api/login', { body: { email: user.email, password: `guess ${attempt}` } })
      expect(wrong.status).toBe(400)
      servedBy.add(wrong.upstream)
    }
    expect(servedBy.size).toBe(3)

    const limited = await api('POST', '/api/login', { body: { email: user.email, password: user.password } })

    expect(limited.status).toBe(429)
    expect(limited.body.metadata.errorCode).toBe('TooManyRequests')
  })

  it('runs each periodic job once per period for the whole cluster, not once per instance', async () => {
    for (const job of ['memory-picture-sweep', 'expired-session-purge']) {
      // Every instance offers the job as it starts; the first run follows within a few seconds.
      const runs = async () => {
        const { rows } = await sql<{ slot: string; count: string; done: string }>`
          select singleton_on::text as slot, count(*) as count, count(*) filter (where state = 'completed') as done
          from pgboss.job where name = ${job} group by singleton_on`.execute(db)
        return rows
      }
      const deadline = Date.now() + 60_000
      while (!(await runs()).some((slot) => Number(slot.done) > 0)) {
        if (Date.now() > deadline) throw new Error(`${job} never ran`)
        await new Promise((resolve) => setTimeout(resolve, 500))
      }

      const slots = await runs()
      for (const slot of slots) expect(Number(slot.count)).toBe(1)
      const completed = slots.reduce((sum, slot) => sum + Number(slot.done), 0)
      // Each instance counts the runs it made: together, exactly the runs the queue holds.
      expect(await runsCountedByInstances(job)).toBe(completed)
    }
  })

  it('loses no acknowledged pick and creates no credit when an instance is killed during a burst of 500 picks', async () => {
    const price = ECONOMY.prices.priceDigitalCardPickCommon
    const user = await register()
    await db.transaction().execute((trx) =>
      credit(trx, {
        userId: user.userId,
        currency: 'digital',
        amount: 500 * price,
        reason: 'purchase',
        reference: `cluster-${crypto.randomUUID()}`,
      }),
    )
    const before = await balance(user.userId)
    const cardId = await cardOfRarity(1)
    const victim = instance(1)

    const answers: { status: number; upstream: string; userCardId?: string; afterKill: boolean }[] = []
    let killed = false
    let next = 0
    const worker = async () => {
      while (next < 500) {
        next += 1
        const afterKill = killed
        const answer = await api<PickCardResult>('POST', '/api/pickCard', {
          token: user.token,
          body: { selectedCardId: cardId },
        }).catch(() => ({ status: 0, upstream: '', body: null }))
        answers.push({
          status: answer.status,
          upstream: answer.upstream,
          afterKill,
          ...(answer.status === 200 && answer.body?.data.result
            ? { userCardId: answer.body.data.cardResult.userCardId }
            : {}),
        })
        if (!killed && answers.length >= 150) {
          killed = true
          victim.process.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: 12 }, worker))
    await victim.exited

    const acknowledged = answers.filter((answer) => answer.userCardId)
    expect(answers).toHaveLength(500)
    expect(acknowledged.filter((answer) => answer.afterKill).length).toBeGreaterThan(0)
    // Only the picks in flight on the killed instance failed (502), and nginx did not send them again to another
    // instance: it cannot know whether the pick was made. A live instance may shed load (503), never more.
    for (const failed of answers.filter((answer) => !answer.userCardId)) {
      if (failed.status === 502) expect(failed.upstream).toBe(victim.address)
      else expect(failed.status).toBe(503)
    }

    const picks = await db
      .selectFrom('user_cards')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('acquisition', '=', 'pick')
      .execute()
    const stored = new Set(picks.map((pick) => pick.id))
    for (const answer of acknowledged) expect(stored.has(answer.userCardId ?? '')).toBe(true)
    const debits = await db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', user.userId)
      .where('reason', '=', 'pick')
      .executeTakeFirstOrThrow()
    expect(Number(debits.count)).toBe(picks.length)

    const after = await balance(user.userId)
    expect(after).toBe(before - picks.length * price)
    expect((await ledgerSums(db, user.userId)).digital).toBe(after)
  })
})

async function balance(userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('digital_credit').where('id', '=', userId).executeTakeFirstOrThrow()
  return row.digital_credit
}

/** The runs of `job` each live instance counted in its /metrics, summed. */
async function runsCountedByInstances(job: string): Promise<number> {
  let total = 0
  for (const each of cluster.instances) {
    if (each.process.exitCode !== null || each.process.signalCode !== null) continue
    const response = await fetch(`http://${each.address}/metrics`, {
      headers: { authorization: `Bearer ${cluster.metricsToken}` },
    })
    expect(response.status).toBe(200)
    for (const line of (await response.text()).split('\n')) {
      const match = /^job_runs_total\{(.*)\} (\d+)$/.exec(line)
      if (match?.[1]?.includes(`job="${job}"`)) total += Number(match[2])
    }
  }
  return total
}
