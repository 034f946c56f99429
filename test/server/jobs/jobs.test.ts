import { sql } from 'kysely'

import { giftDayPurgeJob } from '@server/features/collection/gifts'
import { purgeExpiredSessions } from '@server/features/session/sessionPurge'
import { spendingHoldPurgeJob } from '@server/features/wallet/spendingLimits'
import { InProcessJobRunner, PgBossJobRunner, type JobLog } from '@server/lib/jobs'
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '@test/helpers/server'

jest.setTimeout(60_000)

const quiet: JobLog = { info: () => undefined, error: () => undefined }

/** Resolves once `done` holds; polled, because job runs come from timers and another process's queue. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20))
}

/** Timers this process has pending. */
function pendingTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
}

// First in the file, before any app has timers of its own.
if (process.env.TEST_DATABASE_URL)
  describe('the pg-boss runner on a database of its own', () => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await createTestDatabase(false)
    })
    afterAll(() => database.drop())

    it('stop waits for the run in progress and leaves no timer of the queue behind', async () => {
      const timersBefore = pendingTimers()
      const runner = new PgBossJobRunner(database.url, quiet)
      let started = false
      let finished = false
      await runner.every({
        name: 'test-slow',
        periodSeconds: 1,
        run: async () => {
          started = true
          await new Promise((resolve) => setTimeout(resolve, 1_500))
          finished = true
        },
      })
      await runner.start()
      await until(() => started)

      await runner.stop()

      expect(finished).toBe(true)
      expect(pendingTimers()).toBeLessThanOrEqual(timersBefore)
    })
  })

describe('the in-process runner (SQLite)', () => {
  it('runs a job every period, never two runs of it at once, and stop waits for the run in progress', async () => {
    const runner = new InProcessJobRunner(quiet)
    let runs = 0
    let active = 0
    let mostAtOnce = 0
    let finished = 0
    await runner.every({
      name: 'tick',
      periodSeconds: 0.01,
      run: async () => {
        runs += 1
        active += 1
        mostAtOnce = Math.max(mostAtOnce, active)
        // Each run lasts several periods.
        await new Promise((resolve) => setTimeout(resolve, 40))
        active -= 1
        finished += 1
      },
    })
    await runner.start()
    await until(() => runs >= 3)

    await runner.stop()

    expect(mostAtOnce).toBe(1)
    expect(finished).toBe(runs)
  })

  it('carries on after a failed run and logs it', async () => {
    const errors: string[] = []
    const runner = new InProcessJobRunner({ info: () => undefined, error: (_fields, message) => errors.push(message) })
    let runs = 0
    await runner.every({
      name: 'flaky',
      periodSeconds: 0.01,
      run: async () => {
        runs += 1
        if (runs === 1) throw new Error('disk full')
      },
    })
    await runner.start()
    await until(() => runs >= 2)
    await runner.stop()

    expect(errors[0]).toBe('job flaky failed')
  })
})

describe('the pg-boss runner', () => {
  it('keeps trying a queue it cannot start instead of failing the server, and stops cleanly', async () => {
    const errors: string[] = []
    // Nothing listens on port 1: every start attempt is refused.
    const runner = new PgBossJobRunner('postgres://postgres@127.0.0.1:1/unreachable', {
      info: () => undefined,
      error: (_fields, message) => errors.push(message),
    })
    await runner.start()
    await until(() => errors.length >= 2)
    let oneOffRan = false
    const oneOff = runner.once('never', async () => {
      oneOffRan = true
    })

    await runner.stop()

    await expect(oneOff).resolves.toBeUndefined()
    expect(oneOffRan).toBe(false)
    expect(errors[0]).toBe('job queue did not start; trying again')
  })
})

describe('the app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('runs its jobs on the runner that suits its database', () => {
    expect(t.app.jobs.kind).toBe(t.dialect === 'postgres' ? 'pg-boss' : 'in-process')
  })

  it('purges expired sessions and keeps the others', async () => {
    const kept = await t.register()
    const expired = await t.register()
    await t.db
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', expired.userId)
      .execute()

    expect(await purgeExpiredSessions(t.db, new Date())).toBe(1)

    const left = await t.db.selectFrom('sessions').select('user_id').execute()
    expect(left.map((row) => row.user_id)).toEqual([kept.userId])
    expect((await t.call('GET', '/api/getUser', { token: kept.token })).status).toBe(200)
  })

  it('purges expired spending holds and past days’ gift counts, and keeps the live ones', async () => {
    const user = await t.register()
    const hold = (id: string, expiresAt: string) => ({
      id,
      user_id: user.userId,
      amount_cents: 499,
      created_at: '2000-01-01T00:00:00.000Z',
      expires_at: expiresAt,
    })
    await t.db
      .insertInto('spending_holds')
      .values([hold('expired', '2000-01-01T01:00:00.000Z'), hold('live', '2999-01-01T00:00:00.000Z')])
      .execute()
    const today = new Date().toISOString().slice(0, 10)
    await t.db
      .insertInto('card_gift_days')
      .values([
        { giver_id: user.userId, day: '2000-01-01', gift_count: 3 },
        { giver_id: user.userId, day: today, gift_count: 2 },
      ])
      .execute()

    await spendingHoldPurgeJob(t.db, quiet).run()
    await giftDayPurgeJob(t.db, quiet).run()

    expect(await t.db.selectFrom('spending_holds').select('id').execute()).toEqual([{ id: 'live' }])
    expect(await t.db.selectFrom('card_gift_days').select('day').execute()).toEqual([{ day: today }])
  })
})

// Several instances share a database only on PostgreSQL; SQLite serves one instance (covered above).
if (process.env.TEST_DATABASE_URL)
  describe('two instances on one PostgreSQL database', () => {
    let first: TestApp
    let second: TestApp
    beforeAll(async () => {
      first = await buildTestApp({ seed: false })
      second = await buildTestApp({ seed: false, joining: first })
    })
    afterAll(async () => {
      await second.close()
      await first.close()
    })

    it('run a scheduled job once per period between them, and it goes on when one stops', async () => {
      const runs: string[] = []
      for (const [name, instance] of [
        ['first', first],
        ['second', second],
      ] as const) {
        await instance.app.jobs.every({
          name: 'test-tick',
          periodSeconds: 1,
          run: async () => {
            runs.push(name)
          },
        })
      }
      await until(() => runs.length >= 3)
      await first.app.jobs.stop()
      const runsBefore = runs.length
      await until(() => runs.length >= runsBefore + 2)
      await second.app.jobs.stop()

      const jobs = await sql<{ state: string; slot: Date }>`
      select state, singleton_on as slot from pgboss.job where name = 'test-tick'`.execute(first.db)
      // Every run is one job, every job ran once, and no two jobs share a period.
      expect(jobs.rows).toHaveLength(runs.length)
      expect(jobs.rows.every((job) => job.state === 'completed')).toBe(true)
      expect(new Set(jobs.rows.map((job) => job.slot.getTime())).size).toBe(runs.length)
      expect(runs.slice(runsBefore).every((name) => name === 'second')).toBe(true)
    })
  })
