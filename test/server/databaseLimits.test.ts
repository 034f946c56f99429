import SqliteDatabase from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'

import type { User } from '@shared/session'
import { inTransaction } from '@server/db/transactions'
import { buildTestApp, type TestApp, type TestUser } from '@test/helpers/server'

jest.setTimeout(60_000)

/**
 * A traveller's row held by a transaction from outside the app (an operator's session, a stuck job): on PostgreSQL a
 * row lock on the user; SQLite has no row locks, so there the whole database's write lock. Answers its release.
 */
async function holdTravellerRow(t: TestApp, user: TestUser): Promise<() => Promise<void>> {
  if (t.dialect === 'postgres') {
    const outside = new pg.Client({ connectionString: t.config.database.url })
    await outside.connect()
    await outside.query('BEGIN')
    await outside.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.userId])
    return async () => {
      await outside.query('ROLLBACK')
      await outside.end()
    }
  }
  const outside = new SqliteDatabase(t.config.database.sqlitePath)
  outside.exec('BEGIN IMMEDIATE')
  return async () => {
    outside.exec('ROLLBACK')
    outside.close()
  }
}

/** Until two statements of this test's database wait for a lock, asked over a connection of its own (PostgreSQL). */
async function untilTwoWaitOnLocks(t: TestApp): Promise<void> {
  const monitor = new pg.Client({ connectionString: t.config.database.url })
  await monitor.connect()
  try {
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const { rows } = await monitor.query<{ waiting: string }>(
        "SELECT COUNT(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      )
      if (Number(rows[0]?.waiting) >= 2) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('the calls never waited on the lock')
  } finally {
    await monitor.end()
  }
}

function renameToItself(t: TestApp, user: TestUser) {
  return t.call('POST', '/api/account/updateProfile', {
    token: user.token,
    body: { newUsername: user.username, newAvatarId: 1 },
  })
}

function getUser(t: TestApp, user: TestUser) {
  return t.call<User>('GET', '/api/getUser', { token: user.token })
}

const unavailable = {
  status: 503,
  errorCode: 'Unavailable',
  message: 'The server is busy. Please try again in a moment.',
}

function answerOf({ status, body }: { status: number; body: { metadata: { errorCode: string | null } } }) {
  return status === 200 ? { status } : { status, errorCode: body.metadata.errorCode }
}

describe('a traveller whose row is locked from outside', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMITS: 'off', DB_POOL_MAX: '3', DB_LOCK_TIMEOUT_MS: '1000', DB_POOL_ACQUIRE_TIMEOUT_MS: '20000' },
    })
  })
  afterAll(() => t.close())

  it('gets 503 Unavailable once the lock wait is over, others are served meanwhile, and all is well after', async () => {
    const [locked, ...others] = [await t.register(), await t.register(), await t.register(), await t.register()]
    const release = await holdTravellerRow(t, locked)
    let answers
    try {
      // More of the locked traveller's writes than the pool has connections, then everyone else's calls.
      const lockedCalls = Array.from({ length: 6 }, () => renameToItself(t, locked))
      const otherCalls = others.flatMap((user) => [
        getUser(t, user),
        ...(t.dialect === 'postgres' ? [renameToItself(t, user)] : []),
      ])
      answers = { locked: await Promise.all(lockedCalls), others: await Promise.all(otherCalls) }
    } finally {
      await release()
    }

    expect(answers.locked.map(({ status, body }) => ({ ...body.metadata, status }))).toEqual(
      answers.locked.map(() => expect.objectContaining(unavailable)),
    )
    expect(answers.others.map(answerOf)).toEqual(answers.others.map(() => ({ status: 200 })))
    // Released, the instance serves the traveller again by itself.
    expect(answerOf(await renameToItself(t, locked))).toEqual({ status: 200 })
    expect(answerOf(await getUser(t, locked))).toEqual({ status: 200 })
  })
})

describe('an instance whose every database connection waits on a lock', () => {
  let t: TestApp
  beforeAll(async () => {
    // The acquire bound also covers opening a connection (pg's connectionTimeoutMillis), which on a loaded machine can
    // take most of a second: the bound is one a migration's fresh connections meet, and the starved call waits it out.
    t = await buildTestApp({
      env: { RATE_LIMITS: 'off', DB_POOL_MAX: '2', DB_LOCK_TIMEOUT_MS: '30000', DB_POOL_ACQUIRE_TIMEOUT_MS: '5000' },
    })
  })
  afterAll(() => t.close())

  it('answers a call that cannot get a connection with 503 Unavailable, and serves everyone after the release', async () => {
    const [locked, other] = [await t.register(), await t.register()]
    const release = await holdTravellerRow(t, locked)
    let waiting: ReturnType<typeof renameToItself>[] = []
    let starved
    try {
      if (t.dialect === 'postgres') {
        // Both connections of the pool wait on the traveller's row; another traveller's call finds none free.
        waiting = [renameToItself(t, locked), renameToItself(t, locked)]
        await untilTwoWaitOnLocks(t)
        starved = await getUser(t, other)
      } else {
        // SQLite has one connection and no pool, and the outside lock holds the whole file: any write waits, within
        // the lock bound.
        starved = await renameToItself(t, other)
      }
    } finally {
      await release()
    }
    expect(answerOf(starved)).toEqual({ status: 503, errorCode: 'Unavailable' })
    expect((await Promise.all(waiting)).map(answerOf)).toEqual(waiting.map(() => ({ status: 200 })))
    expect(answerOf(await getUser(t, other))).toEqual({ status: 200 })
    expect(answerOf(await renameToItself(t, locked))).toEqual({ status: 200 })
  })
})

describe('a transaction left idle past its bound', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMITS: 'off', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '200' },
      extraRoutes: (app) => {
        // A transaction that waits between two statements longer than the bound (a stalled request).
        app.get('/api/probe/idleTransaction', async () => {
          await inTransaction(app.db, async (trx) => {
            await sql`select 1`.execute(trx)
            await new Promise((resolve) => setTimeout(resolve, 1000))
            await sql`select 1`.execute(trx)
          })
          return null
        })
      },
    })
  })
  afterAll(() => t.close())

  it('is ended by PostgreSQL: the call answers 503 Unavailable, and the instance goes on serving', async () => {
    const user = await t.register()
    const { status, body } = await t.call('GET', '/api/probe/idleTransaction')
    // SQLite has no sessions to end; the transaction there simply completes.
    expect({ status, errorCode: body.metadata.errorCode }).toEqual(
      t.dialect === 'postgres' ? { status: 503, errorCode: 'Unavailable' } : { status: 200, errorCode: null },
    )
    for (let i = 0; i < 3; i += 1) expect(answerOf(await getUser(t, user))).toEqual({ status: 200 })
  })
})
