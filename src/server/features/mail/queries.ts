import type { Kysely, Transaction } from 'kysely'

import type { Database, MailOutboxTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function insertMessage(db: Db, message: MailOutboxTable): Promise<void> {
  await db.insertInto('mail_outbox').values(message).execute()
}

/**
 * Claims up to `limit` messages that are due (pending and past their next attempt, or 'sending' with a lapsed lease):
 * one statement marks them as this run's. On PostgreSQL the candidates are locked with SKIP LOCKED, so instances
 * claiming at once each take other rows and none waits; SQLite runs one writer at a time.
 */
export function claimDueMessages(
  db: Kysely<Database>,
  claim: { claimId: string; at: string; leaseUntil: string; limit: number; rowLocks: boolean },
) {
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sending',
      claim_id: claim.claimId,
      lease_until: claim.leaseUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('mail_outbox')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'pending'), w('next_attempt_at', '<=', claim.at)]),
            w.and([w('status', '=', 'sending'), w('lease_until', '<=', claim.at)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(claim.limit)
      if (claim.rowLocks) due = due.forUpdate().skipLocked()
      return due
    })
    .returningAll()
    .execute()
}

/** Sent: the payload (which may hold a one-time link) is emptied. Only the run holding the claim may say so. */
export async function markSent(db: Kysely<Database>, id: string, claimId: string, at: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at, payload: '{}', lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute()
}

/** Not sent this time: tried again at `nextAttemptAt`, or given up ('failed') when that is null. */
export async function markNotSent(
  db: Kysely<Database>,
  id: string,
  claimId: string,
  outcome: { nextAttemptAt: string | null; error: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      outcome.nextAttemptAt
        ? { status: 'pending', next_attempt_at: outcome.nextAttemptAt, lease_until: null, last_error: outcome.error }
        : { status: 'failed', payload: '{}', lease_until: null, last_error: outcome.error },
    )
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute()
}

/** Sent and given-up messages recorded before `before`: their payloads are already empty; answers how many went. */
export async function deleteFinishedMessagesBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Messages not yet sent nor given up (pending or being sent), and when the oldest of them was recorded. */
export async function unsentMessages(db: Kysely<Database>): Promise<{ count: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<string | null>('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow()
  return { count: row.count, oldestCreatedAt: row.oldest }
}
