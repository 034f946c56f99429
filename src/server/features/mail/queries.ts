import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'

import { notBlockedWith } from '../../db/blocks'
import type { Database, MailOutboxTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** Records a message; one whose dedupe key is already there is not recorded again. Answers whether it was. */
export async function insertMessage(db: Db, message: MailOutboxTable): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values(message)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
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

/**
 * Sent: the payload (which may hold a one-time link) is emptied, and with `forgetRecipient` the address too (the
 * last mail of an erased account). Only the run holding the claim may say so.
 */
export async function markSent(
  db: Kysely<Database>,
  id: string,
  claimId: string,
  at: string,
  forgetRecipient = false,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: at,
      payload: '{}',
      lease_until: null,
      last_error: null,
      ...(forgetRecipient ? { recipient: FORGOTTEN_RECIPIENT } : {}),
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute()
}

/** What a forgotten recipient reads as: no address. */
export const FORGOTTEN_RECIPIENT = ''

/** Not sent this time: tried again at `nextAttemptAt`, or given up ('failed') when that is null. */
export async function markNotSent(
  db: Kysely<Database>,
  id: string,
  claimId: string,
  outcome: { nextAttemptAt: string | null; error: string; forgetRecipient?: boolean },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      outcome.nextAttemptAt
        ? { status: 'pending', next_attempt_at: outcome.nextAttemptAt, lease_until: null, last_error: outcome.error }
        : {
            status: 'failed',
            payload: '{}',
            lease_until: null,
            last_error: outcome.error,
            ...(outcome.forgetRecipient ? { recipient: FORGOTTEN_RECIPIENT } : {}),
          },
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

/**
 * Whether mail the traveller chose (the digest, the announcement) goes to this account: an open account, whose address
 * is confirmed (a sign-up with somebody else's address must not fill their inbox), with no deletion asked for.
 */
function receivesChosenMail(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.and([
    eb('users.closed_at', 'is', null),
    eb('users.email_verified_at', 'is not', null),
    eb.not(
      eb.exists(
        eb.selectFrom('account_deletions').select('user_id').whereRef('account_deletions.user_id', '=', 'users.id'),
      ),
    ),
  ])
}

/** "Get Notified" for physical cards: one request per account; asking again keeps the first. */
export async function insertPhysicalCardRequest(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('physical_card_requests')
    .values({ user_id: userId, requested_at: at, announced_at: null })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
}

export async function deletePhysicalCardRequest(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('physical_card_requests').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Requests whose announcement is not recorded yet, of open accounts, oldest first. */
export function listUnannouncedPhysicalCardRequests(db: Db, limit: number) {
  return db
    .selectFrom('physical_card_requests')
    .innerJoin('users', 'users.id', 'physical_card_requests.user_id')
    .select(['users.id as userId', 'users.email', 'users.username'])
    .where('physical_card_requests.announced_at', 'is', null)
    .where((eb) => receivesChosenMail(eb))
    .orderBy('physical_card_requests.requested_at')
    .orderBy('physical_card_requests.user_id')
    .limit(limit)
    .execute()
}

/** Marks one request announced; only the first caller gets true, so each traveller is told once. */
export async function markPhysicalCardRequestAnnounced(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('physical_card_requests')
    .set({ announced_at: at })
    .where('user_id', '=', userId)
    .where('announced_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function findDigestSubscription(db: Db, userId: string) {
  return db.selectFrom('mail_digest_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Turns the digest on; already on, it stays as it was. */
export async function insertDigestSubscription(
  db: Db,
  subscription: { userId: string; at: string; nextDigestAt: string },
): Promise<void> {
  await db
    .insertInto('mail_digest_subscriptions')
    .values({
      user_id: subscription.userId,
      subscribed_at: subscription.at,
      covered_until: subscription.at,
      next_digest_at: subscription.nextDigestAt,
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
}

export async function deleteDigestSubscription(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('mail_digest_subscriptions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Subscriptions whose digest is due at `at`, of open accounts. */
export function listDueDigests(db: Db, at: string, limit: number) {
  return db
    .selectFrom('mail_digest_subscriptions')
    .innerJoin('users', 'users.id', 'mail_digest_subscriptions.user_id')
    .select([
      'users.id as userId',
      'users.email',
      'users.username',
      'mail_digest_subscriptions.covered_until as coveredUntil',
    ])
    .where('mail_digest_subscriptions.next_digest_at', '<=', at)
    .where((eb) => receivesChosenMail(eb))
    .orderBy('mail_digest_subscriptions.next_digest_at')
    .limit(limit)
    .execute()
}

/**
 * Moves a digest on to the next day; only the run that read `from` gets true (a concurrent run finds it moved), so a
 * day's notifications go into one digest.
 */
export async function advanceDigest(
  db: Db,
  userId: string,
  window: { from: string; until: string; nextDigestAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_digest_subscriptions')
    .set({ covered_until: window.until, next_digest_at: window.nextDigestAt })
    .where('user_id', '=', userId)
    .where('covered_until', '=', window.from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * The unread notifications of the kinds a digest carries, created in (from, until], oldest first; none caused by a
 * traveller blocked either way, as in the app (docs/security.md#blocking).
 */
export function listDigestNotifications(
  db: Db,
  userId: string,
  window: { from: string; until: string; titles: readonly string[]; titlePrefixes: readonly string[]; limit: number },
) {
  return db
    .selectFrom('notifications')
    .select(['title', 'content', 'link'])
    .where('user_id', '=', userId)
    .where('created_at', '>', window.from)
    .where('created_at', '<=', window.until)
    .where('read_at', 'is', null)
    .where(notBlockedWith(userId, 'notifications.actor_id'))
    .where((eb) =>
      eb.or([
        eb('title', 'in', [...window.titles]),
        ...window.titlePrefixes.map((prefix) => eb('title', 'like', `${prefix}%`)),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(window.limit)
    .execute()
}
