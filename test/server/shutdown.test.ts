import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * The compiled server as production runs it (plain node, or through npm), stopped by a signal: requests in flight
 * finish, new connections are refused, and no process is left listening.
 */
const root = path.resolve(__dirname, '../..')
/** A fresh database is migrated and seeded before the server listens: slow on a busy machine. */
const START_TIMEOUT_MS = 180_000

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

async function waitUntilServing(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before serving`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode })
    else child.once('exit', (code, signal) => resolve({ code, signal }))
  })

describe('shutdown of the compiled server', () => {
  let dataDir: string
  let env: NodeJS.ProcessEnv

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-shutdown-'))
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shutdown.db')}`,
      WEB_ROOT: '',
      ART_WARMUP: 'off',
      PICTURE_SWEEP: 'off',
      LOG_LEVEL: 'info',
      RATE_LIMITS: 'off',
    }
  }, START_TIMEOUT_MS)
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'finishes the request in flight on %s, refuses new connections, and exits 0',
    async (signal) => {
      const port = await freePort()
      const server = spawn(process.execPath, ['dist/server/main.js'], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let log = ''
      server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
      server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
      try {
        await waitUntilServing(port, server)

        // A login whose body is still arriving when the signal comes.
        const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' })
        const inFlight = await connect(port)
        let answer = ''
        inFlight.on('data', (chunk: Buffer) => (answer += chunk.toString()))
        const answered = new Promise((resolve) => inFlight.once('end', resolve))
        inFlight.write(
          `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: dev-web-key\r\nConnection: close\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
        )
        await new Promise((resolve) => setTimeout(resolve, 300))

        server.kill(signal)
        while (!log.includes('shutting down')) await new Promise((resolve) => setTimeout(resolve, 50))
        await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' })

        inFlight.write(body.slice(10))
        await answered
        expect(answer).toMatch(/^HTTP\/1\.1 400 /)
        expect(answer).toContain('"errorCode":"BadRequest"')

        expect(await exited(server)).toEqual({ code: 0, signal: null })
        expect(log).toContain('"msg":"stopped"')
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL')
      }
    },
    START_TIMEOUT_MS,
  )

  it(
    'leaves no server behind when npm run serve is stopped',
    async () => {
      const port = await freePort()
      const npm = spawn('npm', ['run', 'serve', '--silent'], {
        cwd: root,
        env: { ...env, PORT: String(port), LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      })
      try {
        await waitUntilServing(port, npm)
        npm.kill('SIGTERM')
        await exited(npm)
        await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
      } finally {
        if (npm.exitCode === null) npm.kill('SIGKILL')
      }
    },
    START_TIMEOUT_MS,
  )
})
