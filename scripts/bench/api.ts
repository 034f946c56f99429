/**
 * API throughput benchmark (`npm run bench:api`): a bare Fastify "hello" route and the real server, each pinned to
 * core 0, driven in turn by autocannon from core 1; prints req/s, p99 and the ratio to the hello route for every call,
 * on SQLite and on PostgreSQL. Figures go to docs/benchmarks.md.
 *
 * Settings: BENCH_DURATION (seconds per call, default 10), BENCH_CONNECTIONS (default 10), BENCH_DATABASES
 * (default "sqlite,postgres"), BENCH_POSTGRES_URL (server to create a scratch database on), BENCH_CALLS (comma-separated
 * names to run only some calls), BENCH_PROFILE_DIR (write a V8 CPU profile of the app server there, for flame graphs).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'
import pg from 'pg'

import { parseDatabaseUrl } from '@server/config/database'
import { createDb } from '@server/db/createDb'
import { credit } from '@server/features/wallet/ledger'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim())
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const ONLY = process.env.BENCH_CALLS?.split(',').map((name) => name.trim())
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR
const API_KEY = 'bench-key'
const ROOT = path.resolve(__dirname, '../..')

/** The server gets core 0 and the load generator core 1, so neither steals the other's time. */
const CORES = os.availableParallelism()
const SERVER_CORE = '0'
const LOAD_CORE = CORES > 1 ? '1' : '0'

interface Measured {
  name: string
  requestsPerSecond: number
  p99: number
  non2xx: number
  errors: number
}

interface Call {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  /** Sends the session token. */
  auth: boolean
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

function pinned(command: string, args: string[]): [string, string[]] {
  return CORES > 1 ? ['taskset', ['-c', SERVER_CORE, command, ...args]] : [command, args]
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode != null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode != null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** The compiled server when it has been built, the TypeScript sources otherwise. */
function serverCommand(): string[] {
  const compiled = path.join(ROOT, 'dist/server/main.js')
  return fs.existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')]
}

async function load(
  url: string,
  { method = 'GET', body, headers = {} }: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
  duration: number,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function measure(name: string, url: string, options: Parameters<typeof load>[1] = {}): Promise<Measured> {
  await load(url, options, 2) // warm the JIT and the caches
  const result = await load(url, options, DURATION)
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

async function measureHello(): Promise<Measured> {
  const port = await freePort()
  const [command, args] = pinned(process.execPath, [path.join(__dirname, 'helloServer.mjs'), String(port)])
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  try {
    await waitFor(`http://127.0.0.1:${port}/hello`, child)
    return await measure('hello (bare Fastify)', `http://127.0.0.1:${port}/hello`)
  } finally {
    await stop(child)
  }
}

interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

async function scratchDatabase(dialect: string): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-'))
    return { url: `sqlite:${path.join(dir, 'bench.db')}`, drop: async () => fs.rmSync(dir, { recursive: true }) }
  }
  const name = `wandercards_bench_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_SERVER)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_SERVER })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

async function api<T>(base: string, method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      'x-api-key': API_KEY,
      ...(token ? { 'x-auth-key': token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const envelope = (await response.json()) as { data: T; metadata: { message: string } }
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${envelope.metadata.message}`)
  return envelope.data
}

/** A traveller with plenty of credit, a few cards and public memories, so every call has real work to do. */
async function prepare(base: string, databaseUrl: string): Promise<{ token: string; calls: Call[] }> {
  const email = `bench.${crypto.randomBytes(4).toString('hex')}@example.com`
  const { authKey: token } = await api<{ authKey: string }>(base, 'POST', '/register', undefined, {
    email,
    name: 'bench',
    password: 'a long benchmark password',
  })
  const db = createDb(parseDatabaseUrl(databaseUrl))
  try {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    await db.transaction().execute((trx) =>
      credit(trx, {
        userId: user.id,
        currency: 'digital',
        amount: 1_000_000_000,
        reason: 'purchase',
        reference: 'bench',
      }),
    )
  } finally {
    await db.destroy()
  }

  const collections = await api<{ collectionId: string }[]>(base, 'GET', '/getCardCollections', token)
  const collectionId = collections[0]?.collectionId
  if (!collectionId) throw new Error('the catalogue is empty')
  const commons = await api<{ cardId: string }[]>(
    base,
    'GET',
    `/getCardsOfCollection?collectionId=${collectionId}&rarity=1`,
    token,
  )
  const cardId = commons[0]?.cardId
  if (!cardId) throw new Error('no Common card to pick')
  for (const card of commons.slice(0, 10)) {
    await api(base, 'POST', '/pickCard', token, { selectedCardId: card.cardId })
  }
  const collection = await api<{ mine: { userCardId: string }[] }[]>(base, 'GET', '/getMyCollection', token)
  const copies = collection.flatMap((entry) => entry.mine).slice(0, 10)
  for (const [index, copy] of copies.entries()) {
    await api(base, 'POST', '/memory/createMemory', token, {
      userCardId: copy.userCardId,
      memoryStartDate: '2026-05-01',
      memoryEndDate: '2026-05-03',
      memoryContent: `Day ${index + 1} of the benchmark trip: markets, a long walk by the river and dinner late.`,
      memoryPictures: [],
      taggedFriends: [],
      visibility: 3,
    })
  }

  const calls: Call[] = [
    { name: 'health', method: 'GET', path: '/api/health', auth: false },
    { name: 'getCardCollections', method: 'GET', path: '/api/getCardCollections', auth: true },
    {
      name: 'getCardsOfCollection',
      method: 'GET',
      path: `/api/getCardsOfCollection?collectionId=${collectionId}&rarity=1`,
      auth: true,
    },
    { name: 'getCard', method: 'GET', path: `/api/getCard?cardId=${cardId}`, auth: true },
    { name: 'getUser', method: 'GET', path: '/api/getUser', auth: true },
    { name: 'getMyCollection', method: 'GET', path: '/api/getMyCollection', auth: true },
    { name: 'checkNewNotifications', method: 'GET', path: '/api/checkNewNotifications', auth: true },
    { name: 'getMemoryFeed', method: 'GET', path: '/api/feed/getMemoryFeed', auth: true },
    // Purchases last: they grow the collection the reads above would otherwise see growing.
    { name: 'pickCard', method: 'POST', path: '/api/pickCard', body: { selectedCardId: cardId }, auth: true },
    { name: 'drawCard', method: 'GET', path: '/api/drawCard', auth: true },
  ]
  return { token, calls }
}

async function measureApp(dialect: string): Promise<Measured[]> {
  const database = await scratchDatabase(dialect)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-data-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // One folder per run: the loader's worker thread writes a profile too, and the server's is the largest.
  const profile = PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, `${dialect}-${ONLY?.join('+') ?? 'all'}`)}`]
    : []
  const [command, args] = pinned(process.execPath, [...profile, ...serverCommand()])
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // No mail server in a benchmark; production refuses to start without one unless e-mail is switched off.
      MAIL: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_ROOT: '',
      API_KEYS: API_KEY,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ART_WARMUP: 'off',
      PICTURE_SWEEP: 'off',
      BACKGROUND_JOBS: 'off',
      PAYMENTS_TEST_MODE: 'on',
      MEDIA_SIGNING_SECRET: 'bench-signing-secret-of-enough-length',
    },
  })
  try {
    await waitFor(`${base}/api/health`, child)
    const { token, calls } = await prepare(base, database.url)
    const results: Measured[] = []
    for (const call of calls) {
      if (ONLY && !ONLY.includes(call.name)) continue
      results.push(
        await measure(call.name, `${base}${call.path}`, {
          method: call.method,
          body: call.body,
          headers: { 'x-api-key': API_KEY, ...(call.auth ? { 'x-auth-key': token } : {}) },
        }),
      )
    }
    return results
  } finally {
    await stop(child)
    fs.rmSync(dataDir, { recursive: true, force: true })
    await database.drop()
  }
}

function table(title: string, hello: Measured, rows: Measured[]): string {
  const lines = [
    `### ${title}`,
    '',
    '| Call | req/s | p99 (ms) | % of hello | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...[hello, ...rows].map(
      (row) =>
        `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p99} | ${(
          (100 * row.requestsPerSecond) /
          hello.requestsPerSecond
        ).toFixed(1)} | ${row.non2xx} | ${row.errors} |`,
    ),
  ]
  return lines.join('\n')
}

async function main(): Promise<void> {
  if (CORES > 1) execFileSync('taskset', ['-cp', LOAD_CORE, String(process.pid)], { stdio: 'ignore' })
  console.log(
    `# API benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${CORES} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(2)}; ` +
      `${CONNECTIONS} connections, ${DURATION} s per call, server on core ${SERVER_CORE}, load on core ${LOAD_CORE}\n`,
  )
  for (const dialect of DATABASES) {
    // The reference runs again before each database so both tables compare against the machine as it was then.
    const hello = await measureHello()
    const rows = await measureApp(dialect)
    console.log(table(dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', hello, rows) + '\n')
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
