/**
 * API throughput benchmark (`npm run bench:api`): a bare Fastify "hello" route and the real server, each pinned to
 * core 0, driven in turn by autocannon from core 1; prints req/s, p99 and the ratio to the hello route for every call,
 * on SQLite and on PostgreSQL. Figures go to docs/benchmarks.md.
 *
 * Settings: BENCH_DURATION (seconds per call, default 10), BENCH_CONNECTIONS (default 10), BENCH_DATABASES
 * (default "sqlite,postgres"), BENCH_POSTGRES_URL (server to create a scratch database on), BENCH_CALLS (comma-separated
 * names to run only some calls), BENCH_PROFILE_DIR (write a V8 CPU profile of the app server there, for flame graphs),
 * BENCH_PGBENCH (the pgbench program; by default the newest under /usr/lib/postgresql), BENCH_BASELINE_SERVER (the
 * compiled server of an earlier build, dist/server/main.js of another checkout: measured in the same run, just before
 * this build, for a before-and-after on the same machine at the same time), BENCH_ROUNDS (runs of each call per build,
 * the median shown; 3 with a baseline, else 1).
 *
 * On PostgreSQL, pgbench's own TPC-B-like and select-only scripts run against the same server, driven from the same
 * core with the same number of connections, just before the app: the ceiling of what that database server does for a
 * small write transaction and for one indexed read, beside which the app's purchases and reads are printed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { ART_VERSION } from '@shared/artVersion'
import { parseDatabaseUrl } from '@server/config/database'
import { createDb } from '@server/db/createDb'
import { credit } from '@server/features/wallet/ledger'

import { scratchDatabase } from '../db/scratchDatabase'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim())
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const ONLY = process.env.BENCH_CALLS?.split(',').map((name) => name.trim())
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR
const BASELINE_SERVER = process.env.BENCH_BASELINE_SERVER
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (BASELINE_SERVER ? 3 : 1))
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
function serverCommand(compiledServer = path.join(ROOT, 'dist/server/main.js')): string[] {
  const compiled = compiledServer
  return fs.existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')]
}

async function load(
  url: string,
  {
    method = 'GET',
    body,
    headers = {},
    travellers = [],
  }: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; travellers?: string[] },
  duration: number,
): Promise<autocannon.Result> {
  const asRandomTraveller = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    headers: { ...request.headers, 'x-auth-key': travellers[crypto.randomInt(travellers.length)] ?? '' },
  })
  return autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(travellers.length > 0 ? { requests: [{ setupRequest: asRandomTraveller }] } : {}),
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

/** The bare Fastify server; with a file, also serving that file's bytes from memory (/file). */
async function startHelloServer(file?: string): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort()
  const [command, args] = pinned(process.execPath, [
    path.join(__dirname, 'helloServer.mjs'),
    String(port),
    ...(file ? [file] : []),
  ])
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${base}/hello`, child)
  } catch (error) {
    await stop(child)
    throw error
  }
  return { base, stop: () => stop(child) }
}

async function measureHello(): Promise<Measured> {
  const hello = await startHelloServer()
  try {
    return await measure('hello (bare Fastify)', `${hello.base}/hello`)
  } finally {
    await hello.stop()
  }
}

/**
 * A picture's ceiling: the same bytes sent from memory by the bare Fastify server. With answers this large, the load
 * generator's reading of the bytes bounds both, so the app's picture is compared with this rather than with hello.
 */
async function measureSameBytes(app: RunningApp, call: Call): Promise<Measured> {
  const response = await fetch(`${app.base}${call.path}`, { signal: AbortSignal.timeout(30_000) })
  if (!response.ok) throw new Error(`${call.path}: ${response.status}`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-picture-'))
  const file = path.join(dir, 'picture.webp')
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  const server = await startHelloServer(file)
  try {
    return await measure(`${call.name}: same bytes from bare Fastify`, `${server.base}/file`)
  } finally {
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
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

/**
 * One traveller per connection, each with plenty of credit, a few cards and public memories, so every call has real
 * work to do. Each request goes out as one of them chosen at random, as pgbench's TPC-B picks a random branch: one
 * traveller for every request would measure how long a purchase holds that traveller's row lock, not the server.
 */
async function prepare(base: string, databaseUrl: string): Promise<{ tokens: string[]; calls: Call[] }> {
  const tokens: string[] = []
  for (let traveller = 0; traveller < CONNECTIONS; traveller += 1) {
    const email = `bench.${crypto.randomBytes(4).toString('hex')}@example.com`
    const { authKey } = await api<{ authKey: string }>(base, 'POST', '/register', undefined, {
      email,
      name: `bench ${traveller}`,
      password: 'a long benchmark password',
    })
    tokens.push(authKey)
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
  }
  const [token] = tokens
  if (!token) throw new Error('BENCH_CONNECTIONS must be at least 1')

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
  for (const traveller of tokens) {
    for (const card of commons.slice(0, 10)) {
      await api(base, 'POST', '/pickCard', traveller, { selectedCardId: card.cardId })
    }
    const collection = await api<{ mine: { userCardId: string }[] }[]>(base, 'GET', '/getMyCollection', traveller)
    const copies = collection.flatMap((entry) => entry.mine).slice(0, 10)
    for (const [index, copy] of copies.entries()) {
      await api(base, 'POST', '/memory/createMemory', traveller, {
        userCardId: copy.userCardId,
        memoryStartDate: '2026-05-01',
        memoryEndDate: '2026-05-03',
        memoryContent: `Day ${index + 1} of the benchmark trip: markets, a long walk by the river and dinner late.`,
        memoryPictures: [],
        taggedFriends: [],
        visibility: 3,
      })
    }
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
    // A card's large picture at the current version, as the web app asks for it (held in the server's memory after
    // the first request).
    {
      name: 'cardPicture',
      method: 'GET',
      path: `/api/image/card?imageId=${cardId}&lg=1&v=${ART_VERSION}`,
      auth: false,
    },
    // Purchases last: they grow the collection the reads above would otherwise see growing.
    { name: 'pickCard', method: 'POST', path: '/api/pickCard', body: { selectedCardId: cardId }, auth: true },
    { name: 'drawCard', method: 'GET', path: '/api/drawCard', auth: true },
  ]
  return { tokens, calls }
}

interface RunningApp {
  base: string
  tokens: string[]
  calls: Call[]
  stop(): Promise<void>
}

/** A server on a scratch database of its own, pinned to the server core, with its travellers prepared. */
async function startApp(dialect: string, compiledServer?: string): Promise<RunningApp> {
  const database = await scratchDatabase(dialect, POSTGRES_SERVER)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-bench-data-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // One folder per run: the loader's worker thread writes a profile too, and the server's is the largest.
  const profile = PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, `${dialect}-${ONLY?.join('+') ?? 'all'}`)}`]
    : []
  const [command, args] = pinned(process.execPath, [...profile, ...serverCommand(compiledServer)])
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
      PAYMENTS_TEST_MODE: 'on',
      MEDIA_SIGNING_SECRET: 'bench-signing-secret-of-enough-length',
    },
  })
  const stopApp = async () => {
    await stop(child)
    fs.rmSync(dataDir, { recursive: true, force: true })
    await database.drop()
  }
  try {
    await waitFor(`${base}/api/health`, child)
    return { base, ...(await prepare(base, database.url)), stop: stopApp }
  } catch (error) {
    await stopApp()
    throw error
  }
}

function measureCall(app: RunningApp, call: Call): Promise<Measured> {
  return measure(call.name, `${app.base}${call.path}`, {
    method: call.method,
    body: call.body,
    headers: { 'x-api-key': API_KEY },
    travellers: call.auth ? app.tokens : [],
  })
}

/** The run of the median rate. */
function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  const middle = sorted[Math.floor(sorted.length / 2)]
  if (!middle) throw new Error('no run to take the median of')
  return middle
}

/**
 * Every call on each build, the builds taking turns call by call and round by round (BENCH_ROUNDS), so a change in
 * the machine's speed during the run falls on both alike; each row is the round with the median rate.
 */
async function measureApps(dialect: string, servers: (string | undefined)[]): Promise<Measured[][]> {
  const apps: RunningApp[] = []
  try {
    for (const server of servers) apps.push(await startApp(dialect, server))
    const results: Measured[][] = apps.map(() => [])
    const [first] = apps
    for (const [index, call] of (first?.calls ?? []).entries()) {
      if (ONLY && !ONLY.includes(call.name)) continue
      const runs: Measured[][] = apps.map(() => [])
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [appIndex, app] of apps.entries()) {
          const ownCall = app.calls[index]
          if (ownCall) runs[appIndex]?.push(await measureCall(app, ownCall))
        }
      }
      const sameBytes: Measured[] = []
      if (call.name === 'cardPicture' && first) {
        for (let round = 0; round < ROUNDS; round += 1) sameBytes.push(await measureSameBytes(first, call))
      }
      for (const [appIndex, appRuns] of runs.entries()) {
        results[appIndex]?.push(median(appRuns))
        if (sameBytes.length > 0) results[appIndex]?.push(median(sameBytes))
      }
    }
    return results
  } finally {
    for (const app of apps) await app.stop()
  }
}

/** The newest pgbench of the machine's PostgreSQL packages (Debian keeps it off PATH). */
function pgbenchProgram(): string {
  if (process.env.BENCH_PGBENCH) return process.env.BENCH_PGBENCH
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .filter((version) => fs.existsSync(`/usr/lib/postgresql/${version}/bin/pgbench`))
        .sort((a, b) => Number(b) - Number(a))
    : []
  return versions[0] ? `/usr/lib/postgresql/${versions[0]}/bin/pgbench` : 'pgbench'
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0
}

/**
 * pgbench's built-in TPC-B-like transaction (three updates, a select and an insert) and its select-only script on a
 * scratch database of one branch per connection, from the load generator's core with the benchmark's connections. Each transaction's
 * latency comes from pgbench's per-transaction log, so the p99 is read the same way as autocannon's.
 */
async function measurePgbench(): Promise<Measured[]> {
  const program = pgbenchProgram()
  const database = await scratchDatabase('postgres', POSTGRES_SERVER)
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-pgbench-'))
  try {
    // One branch per connection, as pgbench's documentation advises: at a smaller scale the connections queue on the
    // few branch rows and the reference measures that lock instead of the server.
    execFileSync(program, ['-i', '-s', String(CONNECTIONS), '-q', database.url], { stdio: 'ignore', timeout: 300_000 })
    const run = (name: string, script: string[], seconds: number): Measured => {
      const prefix = path.join(logDir, name.replaceAll(/\W+/g, '-'))
      const output = execFileSync(
        program,
        [
          ...script,
          '-n',
          '-c',
          String(CONNECTIONS),
          '-j',
          '1',
          '-T',
          String(seconds),
          '-l',
          `--log-prefix=${prefix}`,
          database.url,
        ],
        // Bounded: a server that stops answering ends the benchmark instead of holding it.
        { encoding: 'utf8', timeout: (seconds + 60) * 1000 },
      )
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]
      if (!tps) throw new Error(`pgbench printed no rate:\n${output}`)
      // One log line per transaction: client, transaction number, latency in µs, script, epoch s, µs.
      const latencies = fs
        .readdirSync(logDir)
        .filter((file) => file.startsWith(path.basename(prefix)))
        .flatMap((file) => fs.readFileSync(path.join(logDir, file), 'utf8').trim().split('\n'))
        .map((line) => Number(line.split(' ')[2]) / 1000)
        .sort((a, b) => a - b)
      for (const file of fs.readdirSync(logDir)) fs.rmSync(path.join(logDir, file))
      return {
        name,
        requestsPerSecond: Number(tps),
        p99: Math.round(percentile(latencies, 0.99)),
        non2xx: 0,
        errors: 0,
      }
    }
    run('warm-up', ['-b', 'tpcb-like'], 2)
    return [
      run('pgbench TPC-B-like', ['-b', 'tpcb-like'], DURATION),
      run('pgbench select-only', ['-b', 'select-only'], DURATION),
    ]
  } finally {
    fs.rmSync(logDir, { recursive: true, force: true })
    await database.drop()
  }
}

const PURCHASES = new Set(['pickCard', 'drawCard'])
/** Answered without the database (the session from the server's cache): no share of pgbench's reads. */
const WITHOUT_DATABASE = new Set(['health', 'getCardCollections', 'cardPicture'])

/** The bare Fastify route, and on PostgreSQL pgbench's two scripts. */
async function measureReferences(dialect: string): Promise<Measured[]> {
  return [await measureHello(), ...(dialect === 'postgres' ? await measurePgbench() : [])]
}

function rate(row: Measured | undefined): string {
  return Math.round(row?.requestsPerSecond ?? 0).toLocaleString('en-US')
}

function meanOf(first: Measured, second: Measured | undefined): Measured {
  if (!second) return first
  return {
    ...first,
    requestsPerSecond: (first.requestsPerSecond + second.requestsPerSecond) / 2,
    p99: Math.max(first.p99, second.p99),
  }
}

function table(title: string, hello: Measured, rows: Measured[], pgbench: Measured[] = []): string {
  const [tpcb, selectOnly] = pgbench
  const percent = (row: Measured, reference: Measured | undefined) =>
    reference ? ((100 * row.requestsPerSecond) / reference.requestsPerSecond).toFixed(1) : ''
  const references = pgbench.length > 0 ? ' % of TPC-B | % of select-only |' : ''
  const lines = [
    `### ${title}`,
    '',
    `| Call | req/s | p99 (ms) | % of hello |${references} non-2xx | errors |`,
    `|---|---:|---:|---:|${pgbench.length > 0 ? '---:|---:|' : ''}---:|---:|`,
    ...[hello, ...pgbench, ...rows].map((row) => {
      const isReference = row === hello || pgbench.includes(row)
      const withoutDatabase = WITHOUT_DATABASE.has(row.name.split(':')[0] ?? '')
      const ofPgbench =
        pgbench.length === 0
          ? ''
          : isReference || withoutDatabase
            ? ' | |'
            : PURCHASES.has(row.name)
              ? ` ${percent(row, tpcb)} | |`
              : ` | ${percent(row, selectOnly)} |`
      return `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p99} | ${
        isReference && row !== hello ? '' : percent(row, hello)
      } |${ofPgbench} ${row.non2xx} | ${row.errors} |`
    }),
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
    // The references run before and after each database's calls, so both tables compare against the machine as it was
    // then; the tables use the mean of the two, and both are printed, since this machine's speed drifts.
    const referencesBefore = await measureReferences(dialect)
    const title = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
    const [baseline, current] = BASELINE_SERVER
      ? await measureApps(dialect, [path.resolve(BASELINE_SERVER), undefined])
      : [undefined, ...(await measureApps(dialect, [undefined]))]
    const referencesAfter = await measureReferences(dialect)
    console.log(
      `References before and after (req/s): ${referencesBefore
        .map((reference, index) => `${reference.name} ${rate(reference)} / ${rate(referencesAfter[index])}`)
        .join(', ')}\n`,
    )
    const [hello, ...pgbench] = referencesBefore.map((reference, index) => meanOf(reference, referencesAfter[index]))
    if (!hello) throw new Error('the hello reference did not run')
    if (baseline) console.log(table(`${title}, baseline (${BASELINE_SERVER})`, hello, baseline, pgbench) + '\n')
    console.log(table(BASELINE_SERVER ? `${title}, this build` : title, hello, current ?? [], pgbench) + '\n')
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
