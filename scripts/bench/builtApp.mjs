/**
 * The built app on a fresh SQLite database, for the browser benchmarks (`npm run lighthouse`, `npm run bench:page`):
 * the compiled server started as production runs it on a free port, and a traveller registered through the API.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const API_KEY = 'dev-web-key'
/** Where the web app keeps the session token (src/client/lib/storage.ts). */
export const TOKEN_KEY = 'wandercards.authToken'

function freePort() {
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

/** Starts dist/server/main.js serving `webRoot`, with its data in `dataDir`, and waits until it answers. */
async function startServer({ port, dataDir, webRoot }) {
  const serverMain = path.join(ROOT, 'dist/server/main.js')
  if (!fs.existsSync(serverMain)) throw new Error(`no compiled server at ${serverMain}; run npm run build`)
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error(`no built app in ${webRoot}; run npm run build`)
  const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'benchmark.db')}`,
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // Background work would compete with the measured page for the same cores.
      ART_WARMUP: 'off',
      PICTURE_SWEEP: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return server
    await sleep(500)
  }
  server.kill()
  throw new Error('the server did not answer /api/health within 180 s')
}

/** Registers a new traveller and returns the session token. */
async function register(origin, prefix) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY },
    body: JSON.stringify({ email: `${prefix}${unique}@example.com`, password: 'a long travel password' }),
  })
  const envelope = await response.json()
  if (!response.ok) throw new Error(`register: ${envelope.metadata?.message ?? response.status}`)
  return envelope.data.authKey
}

/**
 * Starts the built app serving `webRoot` on a fresh database, registers a traveller (e-mail starting with `label`),
 * runs `use(origin, authKey)` and takes the server and its data down again, also when the run is stopped from outside
 * (a CI time limit, Ctrl-C).
 */
export async function withBuiltApp({ webRoot, label }, use) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wandercards-${label}-`))
  let server
  const stop = () => {
    server?.kill()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const stopOnSignal = () => {
    stop()
    process.exit(1)
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stopOnSignal)
  try {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    server = await startServer({ port, dataDir, webRoot })
    return await use(origin, await register(origin, label))
  } finally {
    stop()
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stopOnSignal)
  }
}

export function chromeFlags() {
  return ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run']
}
