// A production-shaped cluster on one machine: several instances of the compiled server (dist/server/main.js) behind
// nginx with round-robin, on one fresh PostgreSQL database, one Redis database and one S3-compatible bucket (s3rver).
// Used by `npm run cluster` and by the cluster test suite (test/cluster); everything it creates goes at stop().
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import Redis from 'ioredis'

import { startTestS3, type TestS3 } from '../../test/helpers/s3'
import { adminQuery } from '../db/scratchDatabase'

const ROOT = path.resolve(__dirname, '../..')
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js')
const MAIL_SERVER_SCRIPT = path.join(ROOT, 'scripts/cluster/mailServer.mjs')
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const READY_TIMEOUT_MS = 90_000
const STOP_TIMEOUT_MS = 15_000

export interface ClusterOptions {
  /** How many instances (3). */
  instances?: number
  /** The PostgreSQL server on which a fresh database is created and dropped at stop (CLUSTER_POSTGRES_URL). */
  postgresUrl?: string
  /** The Redis server (CLUSTER_REDIS_URL); the cluster takes a database number no one uses and empties it at stop. */
  redisUrl?: string
  /** Settings given to every instance on top of the cluster's own (e.g. ART_WARMUP=off). */
  env?: Record<string, string>
  /** Where progress lines go (nothing by default). */
  log?: (line: string) => void
}

export interface ClusterInstance {
  /** Index in the nginx upstream list: round-robin sends consecutive requests to 0, 1, 2, 0, … */
  index: number
  port: number
  /** host:port, as nginx names the instance in the X-Upstream response header. */
  address: string
  logFile: string
  process: ChildProcess
  /** The process has exited (stopped or killed). */
  exited: Promise<void>
}

export interface Cluster {
  /** nginx's address: every request of a client goes here. */
  url: string
  /**
   * A second front on the same nginx and instances that appends the connecting address to X-Forwarded-For, as cloud
   * balancers do, where the shipped site sets it: TRUST_PROXY must hold behind either kind.
   */
  appendingUrl: string
  apiKey: string
  metricsToken: string
  databaseUrl: string
  redisUrl: string
  instances: ClusterInstance[]
  /** Milliseconds from the first instance's spawn until every instance answered /api/health/ready. */
  startupMs: number
  /** The folder holding nginx's configuration and logs and each instance's log. */
  directory: string
  /** The mail server every instance sends to (SMTP_URL), a process of its own that a test may stop and start again. */
  mail: ClusterMailServer
  stop(): Promise<void>
}

export interface ClusterMailServer {
  /** SMTP_URL of the instances, with the credentials the server requires. */
  url: string
  /** Where each accepted message is written as it was received, one `.eml` file each. */
  folder: string
  /** Stops the process, letting a message being received finish; mail waits in the instances' outbox meanwhile. */
  stop(): Promise<void>
  /** Starts it again on the same port and folder. */
  start(): Promise<void>
}

/** Response header nginx adds with the instance (host:port) that answered. */
export const UPSTREAM_HEADER = 'x-upstream'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what} did not get ready within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
  await response.arrayBuffer()
  return response.ok
}

/** The nginx configuration that ships (deploy/), rendered by the cluster with its own ports and paths. */
export const NGINX_SITE_TEMPLATE = path.join(ROOT, 'deploy/nginx/wandercards.conf.template')

export interface NginxSiteSettings {
  WANDERCARDS_LISTEN: string
  WANDERCARDS_SERVER_NAME: string
  WANDERCARDS_ACCESS_LOG: string
  WANDERCARDS_UPSTREAMS: string
}

/**
 * The shipped site configuration with its settings filled in, as `envsubst` with the same names does for an operator:
 * only these names are replaced, so nginx's own `$variables` stay. A setting the template names but `settings` lacks
 * fails here, not in nginx.
 */
export function renderNginxSite(template: string, settings: NginxSiteSettings): string {
  return template.replace(/\$\{(WANDERCARDS_[A-Z_]+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(settings, name))
      throw new Error(`${NGINX_SITE_TEMPLATE} names ${placeholder}, which has no value`)
    return settings[name as keyof NginxSiteSettings]
  })
}

/**
 * nginx in front: the shipped site configuration (deploy/nginx/wandercards.conf.template: round-robin, keep-alive, body
 * limits, timeouts, forwarded headers) inside a main configuration that runs it in one process in the foreground (no
 * daemon, no workers) with every file it writes in `directory`. The cluster adds one header only: X-Upstream names the
 * instance that answered, so tests can see round-robin at work (the shipped file sets no header of its own, so it
 * inherits this one), and a second front that appends to X-Forwarded-For instead of setting it, standing for a cloud
 * balancer (Cluster.appendingUrl).
 */
export function nginxConfig(directory: string, port: number, appendingPort: number, upstreams: string[]): string {
  const site = renderNginxSite(fs.readFileSync(NGINX_SITE_TEMPLATE, 'utf8'), {
    WANDERCARDS_LISTEN: `127.0.0.1:${port}`,
    WANDERCARDS_SERVER_NAME: 'localhost',
    WANDERCARDS_ACCESS_LOG: path.join(directory, 'nginx-access.log'),
    WANDERCARDS_UPSTREAMS: upstreams.map((address) => `server ${address} max_fails=1 fail_timeout=10s;`).join(' '),
  })
  fs.writeFileSync(path.join(directory, 'wandercards.conf'), site)
  return `
master_process off;
daemon off;
pid ${directory}/nginx.pid;
error_log ${directory}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${directory}/nginx-tmp/body;
  proxy_temp_path ${directory}/nginx-tmp/proxy;
  fastcgi_temp_path ${directory}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${directory}/nginx-tmp/uwsgi;
  scgi_temp_path ${directory}/nginx-tmp/scgi;
  add_header ${UPSTREAM_HEADER} $upstream_addr always;
  include ${directory}/wandercards.conf;
  server {
    listen 127.0.0.1:${appendingPort};
    location / {
      proxy_pass http://wandercards;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a')
  // Same process group as the caller, so a CI runner that ends the group ends these too.
  const child = spawn(command, args, { env, stdio: ['ignore', out, out], cwd: ROOT })
  fs.closeSync(out)
  return child
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}

/** A Redis database number with no keys, so the cluster's rate-limit counters meet no one else's. */
async function emptyRedisDatabase(serverUrl: string): Promise<string> {
  const redis = new Redis(serverUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    for (let db = 15; db >= 1; db -= 1) {
      await redis.select(db)
      if ((await redis.dbsize()) === 0) {
        const url = new URL(serverUrl)
        url.pathname = `/${db}`
        return url.toString()
      }
    }
    throw new Error(`Redis at ${serverUrl} has no empty database among 1 to 15`)
  } finally {
    redis.disconnect()
  }
}

async function emptyRedis(url: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  try {
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}

/** Starts the cluster and waits until nginx and every instance are ready; on any failure, undoes what it did. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => undefined)
  const count = options.instances ?? 3
  const postgresUrl =
    options.postgresUrl ?? process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build:server\` first`)

  const undo: (() => Promise<void>)[] = []
  const stop = async () => {
    const errors: unknown[] = []
    for (const step of undo.splice(0).reverse()) await step().catch((error: unknown) => errors.push(error))
    if (errors.length) throw errors[0]
  }
  // A caller that exits without stop() (an uncaught error) still leaves no process behind.
  const children = new Set<ChildProcess>()
  const killChildren = () => children.forEach((child) => child.kill('SIGKILL'))
  process.once('exit', killChildren)
  undo.push(async () => void process.off('exit', killChildren))

  try {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-cluster-'))
    fs.mkdirSync(path.join(directory, 'nginx-tmp'))
    undo.push(async () => fs.rmSync(directory, { recursive: true, force: true }))

    const database = `wandercards_cluster_${crypto.randomBytes(6).toString('hex')}`
    await adminQuery(postgresUrl, `CREATE DATABASE ${database}`)
    undo.push(() => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
    const databaseUrl = new URL(postgresUrl)
    databaseUrl.pathname = `/${database}`
    log(`database ${database}`)

    const redisUrl = await emptyRedisDatabase(
      options.redisUrl ?? process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
    )
    undo.push(() => emptyRedis(redisUrl))
    log(`redis ${redisUrl}`)

    const s3: TestS3 = await startTestS3('wandercards-cluster', directory)
    undo.push(() => s3.close())
    log(`s3 ${s3.settings.endpoint}`)

    const mail = await startMailServer(directory, children)
    undo.push(() => mail.stop())
    log(`mail ${mail.url.replace(/:[^:@]*@/, ':…@')}, messages in ${mail.folder}`)

    const nginxPort = await freePort()
    const url = `http://127.0.0.1:${nginxPort}`
    const appendingPort = await freePort()
    const apiKey = 'cluster-web-key'
    const metricsToken = crypto.randomBytes(16).toString('hex')
    const webRoot = path.join(ROOT, 'dist/web')
    // What every instance of one site shares; only PORT and DATA_DIR differ between them.
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      SMTP_URL: mail.url,
      MAIL_FROM: 'Wandercards <no-reply@wandercards.test>',
      HOST: '127.0.0.1',
      INSTANCES: String(count),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      ...s3.env,
      MEDIA_SIGNING_SECRET: crypto.randomBytes(32).toString('hex'),
      PUBLIC_URL: url,
      API_KEYS: apiKey,
      // nginx connects from this address; the client address is the X-Forwarded-For entry it appended.
      TRUST_PROXY: '127.0.0.1',
      PAYMENTS_TEST_MODE: 'on',
      METRICS_TOKEN: metricsToken,
      WEB_ROOT: fs.existsSync(path.join(webRoot, 'index.html')) ? webRoot : '',
      ...options.env,
    }

    const started = Date.now()
    const instances: ClusterInstance[] = []
    for (let index = 0; index < count; index += 1) {
      const port = await freePort()
      const dataDir = path.join(directory, `instance-${index}`)
      fs.mkdirSync(dataDir)
      const logFile = path.join(directory, `instance-${index}.log`)
      const env = { ...process.env, ...shared, PORT: String(port), DATA_DIR: dataDir }
      const child = spawnLogged(process.execPath, ['--enable-source-maps', SERVER_ENTRY], env, logFile)
      children.add(child)
      const exited = exitOf(child)
      undo.push(() => stopProcess(child, exited))
      instances.push({ index, port, address: `127.0.0.1:${port}`, logFile, process: child, exited })
      log(`instance ${index} on port ${port} (pid ${child.pid}), log ${logFile}`)
    }
    await Promise.all(
      instances.map((instance) =>
        readyUnlessExited(
          waitFor(`instance ${instance.index}`, () => answers(`http://${instance.address}/api/health/ready`)),
          instance.exited,
          () => `instance ${instance.index} stopped while starting:\n${tail(instance.logFile)}`,
        ),
      ),
    )
    const startupMs = Date.now() - started
    log(`all ${count} instances ready in ${(startupMs / 1000).toFixed(1)} s`)

    fs.writeFileSync(
      path.join(directory, 'nginx.conf'),
      nginxConfig(
        directory,
        nginxPort,
        appendingPort,
        instances.map((instance) => instance.address),
      ),
    )
    const nginx = spawnLogged(
      NGINX,
      ['-p', directory, '-c', path.join(directory, 'nginx.conf'), '-e', path.join(directory, 'nginx-error.log')],
      process.env,
      path.join(directory, 'nginx.out'),
    )
    children.add(nginx)
    const nginxExited = exitOf(nginx)
    undo.push(() => stopProcess(nginx, nginxExited))
    await readyUnlessExited(
      waitFor('nginx', () => answers(`${url}/api/health`), 10_000),
      nginxExited,
      () => `nginx stopped while starting:\n${tail(path.join(directory, 'nginx.out'))}`,
    )
    log(`nginx on ${url}`)

    return {
      url,
      appendingUrl: `http://127.0.0.1:${appendingPort}`,
      apiKey,
      metricsToken,
      databaseUrl: databaseUrl.toString(),
      redisUrl,
      instances,
      startupMs,
      directory,
      mail,
      stop,
    }
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** The mail server process (scripts/cluster/mailServer.mjs), started and ready to accept mail. */
async function startMailServer(directory: string, children: Set<ChildProcess>): Promise<ClusterMailServer> {
  const port = await freePort()
  const folder = path.join(directory, 'mail')
  const credentials = { user: 'wandercards', password: crypto.randomBytes(12).toString('hex') }
  const logFile = path.join(directory, 'mail-server.log')
  let running: { child: ChildProcess; exited: Promise<void> } | null = null

  const start = async () => {
    if (running) return
    const child = spawnLogged(
      process.execPath,
      [MAIL_SERVER_SCRIPT],
      {
        ...process.env,
        MAIL_SERVER_PORT: String(port),
        MAIL_SERVER_FOLDER: folder,
        MAIL_SERVER_USER: credentials.user,
        MAIL_SERVER_PASSWORD: credentials.password,
      },
      logFile,
    )
    children.add(child)
    const exited = exitOf(child)
    running = { child, exited }
    await readyUnlessExited(
      waitFor('the mail server', () => acceptsConnections(port), 10_000),
      exited,
      () => `the mail server stopped while starting:\n${tail(logFile)}`,
    )
  }
  const stop = async () => {
    if (!running) return
    const { child, exited } = running
    running = null
    await stopProcess(child, exited)
    children.delete(child)
  }
  await start()
  return { url: `smtp://${credentials.user}:${credentials.password}@127.0.0.1:${port}`, folder, start, stop }
}

/** Waits for `ready`, failing at once with `message()` if the process exits first. */
async function readyUnlessExited(ready: Promise<void>, exited: Promise<void>, message: () => string): Promise<void> {
  let settled = false
  const exitedFirst = exited.then(() => {
    if (!settled) throw new Error(message())
  })
  try {
    await Promise.race([ready, exitedFirst])
  } finally {
    settled = true
  }
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no output)'
  }
}
