import PgBoss from 'pg-boss'

/** Periodic work the app does in the background (sweeps, purges). */
export interface PeriodicJob {
  /** Stable and unique: on PostgreSQL it names the job's queue. Letters, digits and hyphens. */
  name: string
  periodSeconds: number
  run: () => Promise<void>
}

export interface JobLog {
  info(fields: object, message: string): void
  error(fields: object, message: string): void
  /** Told after every run on this instance, for metrics. */
  runFinished?(job: string, outcome: 'ok' | 'failed'): void
}

/**
 * Runs periodic jobs: each job once per period across every instance that shares the database. Jobs are added
 * before start; stop waits for a run in progress.
 */
export interface JobRunner {
  readonly kind: 'in-process' | 'pg-boss'
  /** Adds a periodic job; before start it begins with the runner, after start at once. */
  every(job: PeriodicJob): Promise<void>
  /**
   * Runs work once, in the background, on one instance at a time: an instance that asks while the work is queued
   * shares that run, one that asks while it runs queues one more (which finds the work done). Call after start.
   * Long work checks `stopping` and returns early when the instance shuts down.
   */
  once(name: string, run: (stopping: AbortSignal) => Promise<void>): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

/** A one-off run (the card art warm-up) taking longer than this is given up and may be taken by another instance. */
const ONE_OFF_EXPIRY_SECONDS = 60 * 60

const QUEUE_CREATION_ATTEMPTS = 5

/** The longest wait between two attempts to start the job queue. */
const START_RETRY_MAX_MS = 30_000

/** The first runs wait until start-up work (migrations, art warm-up) has settled, but no longer than one period. */
const FIRST_RUN_DELAY_SECONDS = 60

async function runLogged(job: PeriodicJob, log: JobLog): Promise<void> {
  try {
    await job.run()
    log.runFinished?.(job.name, 'ok')
  } catch (error) {
    log.error({ err: error, job: job.name }, `job ${job.name} failed`)
    log.runFinished?.(job.name, 'failed')
    throw error
  }
}

/** SQLite serves one instance: plain timers in this process are enough there. */
export class InProcessJobRunner implements JobRunner {
  readonly kind = 'in-process'
  private readonly jobs: PeriodicJob[] = []
  private readonly timers: NodeJS.Timeout[] = []
  private readonly running = new Set<Promise<void>>()
  private readonly stopping = new AbortController()
  private started = false

  constructor(private readonly log: JobLog) {}

  async every(job: PeriodicJob): Promise<void> {
    this.jobs.push(job)
    if (this.started) this.schedule(job)
  }

  async once(name: string, run: (stopping: AbortSignal) => Promise<void>): Promise<void> {
    if (this.stopping.signal.aborted) return
    const work = runLogged({ name, periodSeconds: 0, run: () => run(this.stopping.signal) }, this.log)
      .catch(() => undefined)
      .finally(() => this.running.delete(work))
    this.running.add(work)
  }

  async start(): Promise<void> {
    this.started = true
    for (const job of this.jobs) this.schedule(job)
  }

  private schedule(job: PeriodicJob): void {
    let current: Promise<void> | null = null
    const tick = () => {
      // A run slower than the period is left to finish rather than doubled.
      if (current || this.stopping.signal.aborted) return
      const run = runLogged(job, this.log)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(run)
          current = null
        })
      current = run
      this.running.add(run)
    }
    const firstDelay = Math.min(FIRST_RUN_DELAY_SECONDS, job.periodSeconds) * 1000
    this.timers.push(setTimeout(tick, firstDelay).unref(), setInterval(tick, job.periodSeconds * 1000).unref())
  }

  async stop(): Promise<void> {
    this.stopping.abort()
    for (const timer of this.timers) clearTimeout(timer)
    await Promise.all(this.running)
  }
}

/**
 * PostgreSQL serves several instances: pg-boss keeps the jobs in the same database. Every instance offers each
 * period's job often, but the job is throttled to one per period slot (a unique index in pg-boss), and one instance
 * fetches it (SKIP LOCKED), so it runs once per period whichever instances are up.
 *
 * The runner fetches jobs in loops of its own rather than through pg-boss's workers: pg-boss's stop resolves while
 * its worker loops are still winding down, so a stopped instance would go on running timers; these loops end before
 * stop returns.
 */
export class PgBossJobRunner implements JobRunner {
  readonly kind = 'pg-boss'
  private boss: PgBoss
  private readonly jobs: PeriodicJob[] = []
  private readonly timers: NodeJS.Timeout[] = []
  private readonly fetchLoops: Promise<void>[] = []
  private readonly stopping = new AbortController()
  private starting: Promise<void> | null = null
  private started = false

  constructor(
    private readonly connectionString: string,
    private readonly log: JobLog,
    /** How long stop waits for runs in progress: under the server's shutdown deadline, so requests still finish. */
    private readonly stopTimeoutMs = 8_000,
  ) {
    this.boss = this.createBoss()
  }

  private createBoss(): PgBoss {
    const boss = new PgBoss({
      connectionString: this.connectionString,
      application_name: 'wandercards-jobs',
      max: 3,
      // Periods are kept by the throttled offers below; pg-boss's own cron clock is not needed.
      schedule: false,
    })
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'))
    return boss
  }

  async every(job: PeriodicJob): Promise<void> {
    this.jobs.push(job)
    if (!this.starting) return
    await this.starting
    if (!this.stopping.signal.aborted) await this.schedule(job)
  }

  async start(): Promise<void> {
    // Not awaited by the server's start: pg-boss's first start creates its schema, and requests need none of it. A
    // queue that cannot start (the database briefly away, a schema lock) is tried again until the instance stops,
    // rather than taking down a server that already answers requests.
    this.starting = (async () => {
      for (let attempt = 1; !this.stopping.signal.aborted; attempt += 1) {
        try {
          await this.boss.start()
          this.started = true
          for (const job of this.jobs) await this.schedule(job)
          return
        } catch (error) {
          this.log.error({ err: error, attempt }, 'job queue did not start; trying again')
          // A PgBoss whose start failed stays half-started and cannot be started again: the next try gets a new one.
          await this.boss.stop({ graceful: false, wait: false }).catch(() => undefined)
          this.boss = this.createBoss()
          await this.pause(Math.min(START_RETRY_MAX_MS, 500 * 2 ** attempt))
        }
      }
    })()
  }

  /** Waits, but no longer than until the instance stops. */
  private pause(ms: number): Promise<void> {
    const { signal } = this.stopping
    if (signal.aborted) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      signal.addEventListener('abort', done, { once: true })
    })
  }

  private async schedule(job: PeriodicJob): Promise<void> {
    const periodSeconds = Math.max(1, Math.round(job.periodSeconds))
    // A failed run is not retried: the next period runs it again anyway.
    await this.createQueue({ name: job.name, retryLimit: 0, expireInSeconds: periodSeconds + 60 })
    this.fetchLoop(job.name, Math.min(2, Math.max(0.5, periodSeconds / 4)) * 1000, () => runLogged(job, this.log))
    const offer = () => {
      this.boss
        .sendThrottled(job.name, {}, { retryLimit: 0 }, periodSeconds)
        .catch((error: unknown) => this.log.error({ err: error, job: job.name }, `job ${job.name} not queued`))
    }
    // Offered several times a period, so no slot is missed by timer drift; the throttle keeps one per slot.
    const offerEveryMs = Math.min(30, Math.max(0.25, periodSeconds / 4)) * 1000
    offer()
    this.timers.push(setInterval(offer, offerEveryMs).unref())
  }

  async once(name: string, run: (stopping: AbortSignal) => Promise<void>): Promise<void> {
    await this.starting
    if (this.stopping.signal.aborted || !this.started) return
    // 'stately': at most one queued and one running per queue, across instances.
    await this.createQueue({ name, policy: 'stately', retryLimit: 0, expireInSeconds: ONE_OFF_EXPIRY_SECONDS })
    await this.boss.send(name, {}, { retryLimit: 0 })
    this.fetchLoop(name, 2_000, () =>
      runLogged({ name, periodSeconds: 0, run: () => run(this.stopping.signal) }, this.log),
    )
  }

  /** Takes the queue's jobs one at a time until the instance stops; a job is completed or failed after its run. */
  private fetchLoop(name: string, pollingMs: number, run: () => Promise<void>): void {
    const stopping = () => this.stopping.signal.aborted
    const loop = async () => {
      while (!stopping()) {
        try {
          const [job] = await this.boss.fetch(name)
          if (job) {
            try {
              await run()
            } catch (error) {
              await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : 'failed' })
              continue
            }
            await this.boss.complete(name, job.id)
            continue
          }
        } catch (error) {
          if (!stopping()) this.log.error({ err: error, job: name }, `job ${name}: the queue did not answer`)
        }
        await this.pause(pollingMs)
      }
    }
    this.fetchLoops.push(loop())
  }

  /**
   * Creating a queue is idempotent, but instances starting together can deadlock creating the same one (each adds
   * its table and indexes); PostgreSQL then cancels one of them, which tries again and finds the queue there.
   */
  private async createQueue(queue: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(queue.name, queue)
        return
      } catch (error) {
        if (attempt >= QUEUE_CREATION_ATTEMPTS) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping.abort()
    await this.starting?.catch(() => undefined)
    for (const timer of this.timers) clearInterval(timer)
    // A run in progress finishes, but no later than the deadline; a job left running is failed by pg-boss's expiry.
    let deadline: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(this.fetchLoops),
      new Promise((resolve) => {
        deadline = setTimeout(resolve, this.stopTimeoutMs)
      }),
    ])
    clearTimeout(deadline)
    if (this.started) await this.boss.stop({ graceful: false })
  }
}

export function createJobRunner(
  database: { dialect: 'sqlite' | 'postgres'; url: string },
  log: JobLog,
  { stopTimeoutMs }: { stopTimeoutMs?: number } = {},
): JobRunner {
  return database.dialect === 'postgres'
    ? new PgBossJobRunner(database.url, log, stopTimeoutMs)
    : new InProcessJobRunner(log)
}
