import crypto from 'node:crypto'

import type { Kysely, Transaction } from 'kysely'

import type { Database, MailOutboxTable } from '../../db/schema'
import { takesRowLocks } from '../../db/transactions'
import { now } from '../../lib/clock'
import type { PeriodicJob } from '../../lib/jobs'
import { newId } from '../../lib/random'

import * as queries from './queries'
import { isMailKind, renderMail, type MailKind, type MailPayloads } from './templates'
import { HeaderInjectionError, refuseLineBreaks, type MailTransport } from './transport'
import type { UnsubscribeSigner } from './unsubscribe'

/**
 * Mail whose address is forgotten once it is sent or given up: the last message to an erased account, which is
 * recorded unlinked from it (user_id null) so the erasure does not take it, and must not keep the address after.
 */
const FORGETS_RECIPIENT: ReadonlySet<string> = new Set<MailKind>(['accountDeleted'])

/** Attempts before a message is given up: with the backoff below, about a day of an unreachable or refusing server. */
export const MAIL_MAX_ATTEMPTS = 30
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = 60 * 60_000
/** Longer than a send can take (transport.ts bounds every SMTP wait), so a live sender never loses its claim. */
const LEASE_MS = 5 * 60_000
const BATCH = 20
const PERIOD_SECONDS = 10
/** How long sent and given-up messages stay in the outbox, for an operator asking what became of one. */
export const MAIL_KEPT_DAYS = 30

/** How long after the `attempts`-th failed attempt the next one comes: doubling from 30 s to an hour, ±20 %. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.8 + 0.4 * random()))
}

/**
 * Records a message in the caller's transaction, with the event that causes it: it is sent only if that event is
 * committed, and nothing that was committed goes unsent. A line break in the recipient is refused here, before any
 * template runs.
 */
export async function enqueueMail<K extends MailKind>(
  trx: Transaction<Database>,
  message: {
    kind: K
    userId: string | null
    to: string
    payload: MailPayloads[K]
    /** A message that may exist only once: a second one with this key is not recorded (answers false). */
    dedupeKey?: string
  },
): Promise<boolean> {
  refuseLineBreaks({ to: message.to })
  const at = now().toISOString()
  return queries.insertMessage(trx, {
    id: newId(),
    kind: message.kind,
    user_id: message.userId,
    recipient: message.to,
    payload: JSON.stringify(message.payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    lease_until: null,
    claim_id: null,
    last_error: null,
    created_at: at,
    sent_at: null,
    dedupe_key: message.dedupeKey ?? null,
  })
}

/** Deletes sent and given-up messages recorded more than MAIL_KEPT_DAYS before `at`; answers how many went. */
export function purgeFinishedMail(db: Kysely<Database>, at: Date): Promise<number> {
  return queries.deleteFinishedMessagesBefore(db, new Date(at.getTime() - MAIL_KEPT_DAYS * 86_400_000).toISOString())
}

/**
 * The outbox's backlog: messages waiting to be sent (retries included) and the age in seconds of the oldest, 0 when
 * none waits. Read from the outbox, so every instance reports the same site-wide figures.
 */
export async function mailBacklog(
  db: Kysely<Database>,
  at: Date,
): Promise<{ messages: number; oldestAgeSeconds: number }> {
  const unsent = await queries.unsentMessages(db)
  const oldestAgeSeconds = unsent.oldestCreatedAt
    ? Math.max(0, (at.getTime() - Date.parse(unsent.oldestCreatedAt)) / 1000)
    : 0
  return { messages: unsent.count, oldestAgeSeconds }
}

export type MailOutcome = 'sent' | 'retried' | 'failed'

export interface MailDeliveryOptions {
  db: Kysely<Database>
  transport: MailTransport
  from: string
  publicUrl: string
  /** Signs the unsubscribe links of digests and announcements when they are sent (features/mail/unsubscribe.ts). */
  unsubscribe: UnsubscribeSigner
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void }
  /** Told after every attempt, for metrics. */
  counted?: (kind: string, outcome: MailOutcome) => void
}

/**
 * Sends what the outbox holds: claimed rows are sent one by one, then marked sent, or put back for a later attempt
 * with a growing delay, or, after the last attempt, failed. Runs as a periodic job (once per period across instances)
 * and, on the instance that recorded a message, at once after its transaction (`nudge`), so mail leaves in seconds.
 */
export class MailDelivery {
  private running: Promise<void> | null = null
  private again = false
  /** Every run under way on this instance: the nudged ones, the periodic job's and a caller's own. */
  private readonly inFlight = new Set<Promise<number>>()

  constructor(private readonly options: MailDeliveryOptions) {}

  /** Sends every due message, a batch at a time, until none is due; answers how many were attempted. */
  async deliverDue(): Promise<number> {
    const run = this.deliverBatches()
    this.inFlight.add(run)
    try {
      return await run
    } finally {
      this.inFlight.delete(run)
    }
  }

  private async deliverBatches(): Promise<number> {
    let attempted = 0
    for (;;) {
      const batch = await this.claim()
      for (const row of batch) await this.deliver(row)
      attempted += batch.length
      if (batch.length < BATCH) return attempted
    }
  }

  /** Delivers soon on this instance; calls while a run is under way make one more run after it. */
  nudge(): void {
    if (this.running) {
      this.again = true
      return
    }
    this.running = (async () => {
      do {
        await this.deliverDue().catch((error: unknown) =>
          this.options.log.error({ err: error }, 'mail delivery run failed; the periodic job tries again'),
        )
      } while (this.takeAgain())
    })().finally(() => {
      this.running = null
    })
  }

  private takeAgain(): boolean {
    const again = this.again
    this.again = false
    return again
  }

  /**
   * Waits until no run is under way on this instance (tests, shutdown). The periodic job's runs count too: a run it
   * started may have claimed the message a nudged run then found nothing of, and is still sending it.
   */
  async settled(): Promise<void> {
    while (this.running || this.inFlight.size > 0) await Promise.allSettled([this.running, ...this.inFlight])
  }

  job(): PeriodicJob {
    return {
      name: 'mail-outbox',
      periodSeconds: PERIOD_SECONDS,
      run: async () => {
        await this.deliverDue()
      },
    }
  }

  /** Every hour, on one instance: the outbox keeps finished messages for MAIL_KEPT_DAYS. */
  purgeJob(): PeriodicJob {
    return {
      name: 'mail-outbox-purge',
      periodSeconds: 60 * 60,
      run: async () => {
        await purgeFinishedMail(this.options.db, now())
      },
    }
  }

  private claim() {
    const at = now()
    const { db } = this.options
    return queries.claimDueMessages(db, {
      claimId: crypto.randomUUID(),
      at: at.toISOString(),
      leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString(),
      limit: BATCH,
      rowLocks: takesRowLocks(db),
    })
  }

  private async deliver(row: MailOutboxTable): Promise<void> {
    const { db, transport, from, publicUrl, unsubscribe, log, counted } = this.options
    const claimId = row.claim_id ?? ''
    try {
      if (!isMailKind(row.kind)) throw new HeaderInjectionError(`no template for mail of kind ${row.kind}`)
      const rendered = renderMail(row.kind, JSON.parse(row.payload) as MailPayloads[MailKind], {
        publicUrl,
        unsubscribeToken: (list) => {
          if (!row.user_id) throw new HeaderInjectionError(`mail of kind ${row.kind} needs its recipient's account`)
          return unsubscribe.sign(row.user_id, list)
        },
      })
      await transport.send({ id: row.id, from, to: row.recipient, ...rendered })
    } catch (error) {
      // A message that can never be sent as it is (a line break in a header, no template) is not retried.
      const hopeless = error instanceof HeaderInjectionError
      const last = hopeless || row.attempts >= MAIL_MAX_ATTEMPTS
      const reason = error instanceof Error ? error.message : String(error)
      const nextAttemptAt = last ? null : new Date(now().getTime() + retryDelayMs(row.attempts)).toISOString()
      await queries.markNotSent(db, row.id, claimId, {
        nextAttemptAt,
        error: reason.slice(0, 500),
        forgetRecipient: FORGETS_RECIPIENT.has(row.kind),
      })
      counted?.(row.kind, last ? 'failed' : 'retried')
      const fields = { mailId: row.id, kind: row.kind, attempts: row.attempts, nextAttemptAt, reason }
      if (last) log.error(fields, 'mail given up')
      else log.warn(fields, 'mail not sent; trying again later')
      return
    }
    await queries.markSent(db, row.id, claimId, now().toISOString(), FORGETS_RECIPIENT.has(row.kind))
    counted?.(row.kind, 'sent')
  }
}
