import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { sql } from 'kysely'
import { simpleParser, type ParsedMail } from 'mailparser'
import sharp from 'sharp'

import type { PickCardResult } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'
import type { Envelope } from '@shared/envelope'
import type { CreateMemoryResult, Memory, UploadMemoryPictureResult } from '@shared/memories'
import type { LoginResult, RegisterResult, ResetPasswordResult } from '@shared/session'
import { createDb, type Db } from '@server/db/createDb'
import { credit, ledgerSums } from '@server/features/wallet/ledger'
import { bodyTooLargeEnvelope } from '@server/plugins/envelope'
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
  options: { body: unknown; headers?: Record<string, string>; front?: string },
): Promise<Answer<T>> {
  const url = new URL(route, options.front ?? cluster.url)
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

// The shipped nginx sets X-Forwarded-For; a cloud balancer appends to what the client wrote. Each front's clients
// connect from addresses of their own (.2–.5 and .12–.15), since the limits they reach are counted in Redis.
describe.each([
  { front: 'the shipped nginx, which sets X-Forwarded-For', net: 0, url: () => cluster.url },
  { front: 'a balancer that appends to X-Forwarded-For', net: 10, url: () => cluster.appendingUrl },
])('client addresses behind $front', ({ net, url }) => {
  const client = (host: number) => `127.0.0.${host + net}`

  it('counts password guesses against the address a client connects from, whatever addresses it writes', async () => {
    const victim = newEmail()
    expect(
      (await apiFrom(client(2), '/api/register', { front: url(), body: { email: victim, password: 'the right one' } }))
        .status,
    ).toBe(200)

    const guesses: Answer<unknown>[] = []
    for (let attempt = 0; attempt < LIMITS.loginPerAccount.max; attempt += 1) {
      guesses.push(
        await apiFrom(client(3), '/api/login', {
          front: url(),
          body: { email: victim, password: `guess ${attempt}` },
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        }),
      )
    }
    expect(guesses.map((guess) => guess.status)).toEqual(guesses.map(() => 400))
    expect(new Set(guesses.map((guess) => guess.upstream)).size).toBe(3)

    const limited = await apiFrom(client(3), '/api/login', {
      front: url(),
      body: { email: victim, password: 'the right one' },
      headers: { 'x-forwarded-for': '203.0.113.200' },
    })
    expect(limited.status).toBe(429)
    expect(limited.body.metadata.errorCode).toBe('TooManyRequests')
  })

  it("does not let a client spend another address's limits by writing that address", async () => {
    const bystander = newEmail()
    expect(
      (
        await apiFrom(client(4), '/api/register', {
          front: url(),
          body: { email: bystander, password: 'my own long passphrase' },
        })
      ).status,
    ).toBe(200)

    const statuses: number[] = []
    for (let attempt = 0; attempt <= LIMITS.loginPerAddress.max; attempt += 1) {
      const answer = await apiFrom(client(5), '/api/login', {
        front: url(),
        body: { email: newEmail(), password: 'guess' },
        headers: { 'x-forwarded-for': client(4) },
      })
      statuses.push(answer.status)
    }
    // The writer reached its own limit …
    expect(statuses.at(-1)).toBe(429)
    // … and the address it wrote is untouched.
    const login = await apiFrom(client(4), '/api/login', {
      front: url(),
      body: { email: bystander, password: 'my own long passphrase' },
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
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      text,
      upstream: response.headers.get(UPSTREAM_HEADER) ?? '',
    }
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

  it('answers a picture over the upload limit with the envelope of the instance that refused it', async () => {
    const user = await register()
    const form = new FormData()
    // Over the app's 10 MB picture limit, within the balancer's limit: the instance refuses it.
    form.append(
      'file',
      new Blob([new Uint8Array(crypto.randomBytes(10.5 * 1024 * 1024))], { type: 'image/png' }),
      'big.png',
    )
    const answer = await send('/api/memory/uploadMemoryPicture', form, { 'x-auth-key': user.token })
    expect(answer.status).toBe(400)
    expect(answer.upstream).not.toBe('')
    expect(JSON.parse(answer.text)).toMatchObject({ metadata: { errorCode: 'BadRequest' }, data: null })
  })

  it("answers a body over the balancer's own limit with the app's envelope, without troubling an instance", async () => {
    const answer = await send('/api/login', jsonOf(12), { 'content-type': 'application/json' })
    expect(answer).toMatchObject({ status: 400, type: expect.stringContaining('application/json'), upstream: '' })
    expect(JSON.parse(answer.text)).toEqual(bodyTooLargeEnvelope())
  })
})

describe('e-mail through a mail server that runs as a process of its own', () => {
  const NEW_PASSWORD = 'a slow boat to Stromboli'
  const parsed = new Map<string, ParsedMail>()

  /** Every message the mail server accepted so far, parsed (each file once). */
  async function receivedMail(): Promise<ParsedMail[]> {
    const files = fs.readdirSync(cluster.mail.folder).filter((name) => name.endsWith('.eml'))
    for (const name of files) {
      if (!parsed.has(name)) parsed.set(name, await simpleParser(fs.readFileSync(path.join(cluster.mail.folder, name))))
    }
    return files.map((name) => parsed.get(name) as ParsedMail)
  }

  const RESET_SUBJECT = 'Set a new password for Wandercards'
  /** A password reset message to `email` (other mail, a welcome say, may go to the same address). */
  const resetMailTo = (mail: ParsedMail, email: string) =>
    mail.subject === RESET_SUBJECT &&
    [mail.to ?? []].flat().some((to) => to.value.some((each) => each.address === email))

  async function resetMail(email: string): Promise<ParsedMail> {
    const deadline = Date.now() + 60_000
    for (;;) {
      const found = (await receivedMail()).find((mail) => resetMailTo(mail, email))
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail to ${email} arrived`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  const outboxOf = (emails: string[]) =>
    db
      .selectFrom('mail_outbox')
      .select(['id', 'recipient', 'status', 'attempts', 'last_error'])
      .where('recipient', 'in', emails)
      .where('kind', '=', 'passwordReset')
      .execute()

  async function outboxUntil(emails: string[], done: (rows: Awaited<ReturnType<typeof outboxOf>>) => boolean) {
    const deadline = Date.now() + 120_000
    for (;;) {
      const rows = await outboxOf(emails)
      if (done(rows)) return rows
      if (Date.now() > deadline) throw new Error(`the outbox never got there: ${JSON.stringify(rows)}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }

  it('resets a password on one instance with the link from a real e-mail, ending the sessions held by the others', async () => {
    await steerTo(instance(0))
    const user = await register()

    // A session on each instance, each now kept in that instance's session cache.
    const sessions: { token: string; on: ClusterInstance }[] = []
    for (const each of cluster.instances) {
      await steerTo(each)
      const login = await api<LoginResult>('POST', '/api/login', {
        body: { email: user.email, password: user.password },
      })
      expect(login).toMatchObject({ status: 200, upstream: each.address })
      sessions.push({ token: login.body.data.authKey, on: each })
      await steerTo(each)
      expect(await api('GET', '/api/getUser', { token: login.body.data.authKey })).toMatchObject({ status: 200 })
    }

    await steerTo(instance(0))
    const requested = await api('POST', '/api/requestPasswordReset', { body: { email: user.email } })
    expect(requested).toMatchObject({ status: 200, upstream: instance(0).address })
    const mail = await resetMail(user.email)
    const link = new RegExp(`${cluster.url}/resetPassword#token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')
    const token = link?.[1] ?? ''
    expect(token).not.toBe('')

    // The page the link opens, through the balancer, lets no address (and so no token) leave in a Referer header.
    const page = await fetch(`${cluster.url}/resetPassword`)
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    await page.arrayBuffer()

    await steerTo(instance(0))
    const reset = await api<ResetPasswordResult>('POST', '/api/resetPassword', {
      body: { token, newPassword: NEW_PASSWORD },
    })
    expect(reset).toMatchObject({ status: 200, upstream: instance(0).address })

    // Every session is over on every instance, those of the other instances first of all; the new one works anywhere.
    for (const session of sessions) {
      await steerTo(session.on)
      expect(await api('GET', '/api/getUser', { token: session.token })).toMatchObject({
        status: 401,
        upstream: session.on.address,
      })
    }
    await steerTo(instance(2))
    expect(await api('GET', '/api/getUser', { token: reset.body.data.authKey })).toMatchObject({
      status: 200,
      upstream: instance(2).address,
    })

    // No instance's log (pino, as production writes it) nor the balancer's holds the token or the new password.
    const logs = [
      ...cluster.instances.map((each) => fs.readFileSync(each.logFile, 'utf8')),
      fs.readFileSync(path.join(cluster.directory, 'nginx-access.log'), 'utf8'),
    ].join('\n')
    expect(logs).toContain('/api/resetPassword')
    expect(logs).not.toContain(token)
    expect(logs).not.toContain(NEW_PASSWORD)
  })

  it('delays the mail recorded while the mail server is down, and delivers each message exactly once when it is back', async () => {
    const users = []
    for (let count = 0; count < 4; count += 1) users.push(await register())
    const emails = users.map((user) => user.email)

    await cluster.mail.stop()
    try {
      for (const [index, user] of users.entries()) {
        // Requests spread over the instances and from addresses of their own; none waits for the mail or fails.
        const answer = await apiFrom(`127.0.0.${20 + index}`, '/api/requestPasswordReset', {
          body: { email: user.email },
        })
        expect(answer.status).toBe(200)
      }
      // Each message is recorded and was tried, and the server's absence put it back for later.
      const delayed = await outboxUntil(
        emails,
        (rows) => rows.length === emails.length && rows.every((row) => row.attempts >= 1 && row.last_error),
      )
      expect(delayed.map((row) => row.status)).toEqual(emails.map(() => 'pending'))
      expect((await receivedMail()).filter((mail) => emails.some((email) => resetMailTo(mail, email)))).toEqual([])
    } finally {
      await cluster.mail.start()
    }

    const sent = await outboxUntil(emails, (rows) => rows.every((row) => row.status === 'sent'))
    const received = (await receivedMail()).filter((mail) => emails.some((email) => resetMailTo(mail, email)))
    // One message per request, each recorded message once (the outbox row's id is its Message-ID).
    expect(received.map((mail) => mail.messageId).sort()).toEqual(sent.map((row) => `<${row.id}@wandercards>`).sort())
    for (const email of emails) expect(received.filter((mail) => resetMailTo(mail, email))).toHaveLength(1)
  }, 240_000)
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
