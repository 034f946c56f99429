import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Envelope } from '@shared/envelope'
import { buildApp, type App } from '@server/app'
import { loadConfig, type Config } from '@server/config'
import { openDatabase, type Db } from '@server/db/createDb'
import { migrateToLatest } from '@server/db/migrate'
import { seedDatabase } from '@server/seedDatabase'

import { scratchPostgresDatabase, type ScratchDatabase } from '../../scripts/db/scratchDatabase'

export const API_KEY = 'test-web-key'
/** The key operators' second-factor secrets are sealed under in tests (test/helpers/operator.ts). */
export const TEST_OPERATOR_SECRET_KEY = 'a1'.repeat(32)

export interface TestApp {
  app: App
  db: Db
  config: Config
  dialect: 'sqlite' | 'postgres'
  /** Calls the API through app.inject with the api key and, when given, the session token. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; body: Envelope<T> }>
  /**
   * Registers a user through POST /api/register and returns its session. `confirmed` marks the address confirmed, for
   * tests of what waits for that (the confirmation itself is tested in session/emailVerification).
   */
  register(
    overrides?: Partial<{
      email: string
      password: string
      friendCode: string
      ref: string
      freeDrawTransactionId: string
      confirmed: boolean
    }>,
  ): Promise<TestUser>
  /**
   * What the server logged at error level (unexpected errors behind a 500 among them), newest last: a test that meets a
   * 500 it did not cause on purpose can say why. With `logLevel`, every line logged at that level and above.
   */
  loggedErrors: string[]
  close(): Promise<void>
}

export interface TestUser {
  token: string
  userId: string
  username: string
  email: string
  friendCode: string
  avatarId: number
}

export type TestDatabase = ScratchDatabase

/**
 * A fresh database per test file: a temporary SQLite file, or a new PostgreSQL database when TEST_DATABASE_URL is set.
 * A seeded one starts as a copy of the run's template (serverGlobalSetup.ts), already migrated and seeded.
 */
export async function createTestDatabase(seeded: boolean): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-test-'))
    const file = path.join(dir, 'test.db')
    const template = process.env.WANDERCARDS_TEST_SQLITE_TEMPLATE
    if (seeded && template) fs.copyFileSync(template, file)
    return {
      url: `sqlite:${file}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    }
  }
  const template = process.env.WANDERCARDS_TEST_POSTGRES_TEMPLATE
  return scratchPostgresDatabase(serverUrl, 'wandercards_test', seeded ? template : undefined)
}

let userCounter = 0

/**
 * A fresh app on a fresh database, or with `joining`, a second instance on another's database (as several instances
 * behind a load balancer share one); the first one drops the database when it closes.
 */
export async function buildTestApp(
  options: {
    seed?: boolean
    env?: Record<string, string>
    joining?: TestApp
    /** Adds routes of the test's own before the app is ready, to reach the app's plugins from a request. */
    extraRoutes?: (app: App) => void
    /** Keeps log lines from this level up in `loggedErrors` (default: error), to check what reaches the log. */
    logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error'
  } = {},
): Promise<TestApp> {
  const database: TestDatabase = options.joining
    ? { url: options.joining.config.database.url, drop: async () => undefined }
    : await createTestDatabase(options.seed !== false)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wandercards-data-'))
  const config = loadConfig({
    DATABASE_URL: database.url,
    API_KEYS: `${API_KEY},second-client-key`,
    PUBLIC_URL: 'http://wandercards.test',
    DATA_DIR: dataDir,
    WEB_ROOT: '',
    LOG_LEVEL: 'silent',
    // Tests block the event loop on purpose (seeding, password hashing); load shedding has its own test.
    LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '0',
    OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY,
    ...options.env,
  })
  const { db, poolStats } = openDatabase(config.database, {
    limits: config.databaseLimits,
    traced: config.tracing !== null,
  })
  if (!options.joining) {
    // A copy of the template has nothing left to do here; without one (a single file run outside jest's setup) it builds.
    await migrateToLatest(db)
    if (options.seed !== false) await seedDatabase(db)
  }
  const loggedErrors: string[] = []
  const app = await buildApp({
    config,
    db,
    poolStats,
    logger: { level: options.logLevel ?? 'error', stream: { write: (line: string) => loggedErrors.push(line) } },
  })
  options.extraRoutes?.(app)
  await app.ready()

  const call: TestApp['call'] = async (method, url, { token, body, headers, remoteAddress } = {}) => {
    const response = await app.inject({
      method,
      url,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: { 'x-api-key': API_KEY, ...(token ? { 'x-auth-key': token } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    })
    return { status: response.statusCode, body: response.json() }
  }

  const register: TestApp['register'] = async ({ confirmed = false, ...overrides } = {}) => {
    userCounter += 1
    const email = overrides.email ?? `traveller${userCounter}.${crypto.randomBytes(3).toString('hex')}@example.com`
    const response = await call<{ authKey: string; username: string; friendCode: string; avatarId: number }>(
      'POST',
      '/api/register',
      {
        body: {
          email,
          name: email.split('@')[0],
          password: overrides.password ?? 'correct horse battery',
          ...overrides,
        },
      },
    )
    if (response.status !== 200) throw new Error(`registration failed: ${JSON.stringify(response.body)}`)
    // The welcome e-mail has left (or was tried) before the test goes on, so the mail a test waits for comes after it.
    await app.mail?.settled()
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow()
    if (confirmed) {
      await db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute()
    }
    return {
      token: response.body.data.authKey,
      userId: user.id,
      username: response.body.data.username,
      email,
      friendCode: response.body.data.friendCode,
      avatarId: response.body.data.avatarId,
    }
  }

  return {
    app,
    db,
    config,
    dialect: config.database.dialect,
    call,
    register,
    loggedErrors,
    close: async () => {
      await app.close()
      await db.destroy()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Two instances on one database sharing the Redis beside the test databases (127.0.0.1:6379 here and in CI;
 * REDIS_TEST_URL points elsewhere), each trusting a looked-up session for ten minutes, for a describe block's tests.
 * Rate limits stay off so they leave no counters in the shared Redis.
 */
export function twoInstancesSharingRedis(): { first: TestApp; second: TestApp } {
  const instances = {} as { first: TestApp; second: TestApp }
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379',
      RATE_LIMITS: 'off',
      SESSION_CACHE_SECONDS: '600',
    }
    instances.first = await buildTestApp({ seed: false, env })
    instances.second = await buildTestApp({ seed: false, env, joining: instances.first })
  })
  afterAll(async () => {
    await instances.second.close()
    await instances.first.close()
  })
  return instances
}
