import type { Kysely } from 'kysely'

import type { EmailPreferences } from '@shared/mail'

import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { now } from '../../lib/clock'
import type { JobLog, PeriodicJob } from '../../lib/jobs'

import * as queries from './queries'
import { enqueueMail } from './service'
import type { DigestItem } from './templates/notificationDigest'
import type { MailingList, UnsubscribeSigner } from './unsubscribe'

const DAY_MS = 86_400_000
const BATCH = 100
/** A digest lists at most this many notifications; the rest are counted and wait on the Notifications page. */
export const DIGEST_MAX_ITEMS = 50
/** Due digests are looked for every hour, so each traveller's arrives within the hour of its day being over. */
export const DIGEST_PERIOD_SECONDS = 60 * 60

/**
 * The notifications a digest carries (docs/product.md#messages-notifications): likes, comments and replies, tags,
 * gifts, friend adds and what friends do in a trip, by their titles; referral and account notices stay in the app.
 */
const DIGEST_TITLES = [
  'New friend',
  'You were tagged in a memory',
  'New like on your memory',
  'New comment on your memory',
  'New reply to your comment',
  'Trip invitation',
  'Trip invitation accepted',
  'New memory in your trip',
] as const
const DIGEST_TITLE_PREFIXES = ['A card from '] as const

/** "Get Notified" for physical cards: stored once per account; asking again changes nothing. */
export async function requestPhysicalCardsNotice(db: Kysely<Database>, userId: string): Promise<void> {
  await queries.insertPhysicalCardRequest(db, userId, now().toISOString())
}

/**
 * The operator's announcement that physical cards are available (`npm run announce -- physical-cards`): one mail per
 * stored request not yet announced, each recorded with its request marked in one transaction, so running the command
 * again (or twice at once) tells nobody twice. Answers how many were recorded.
 */
export async function announcePhysicalCards(db: Kysely<Database>): Promise<number> {
  let recorded = 0
  for (;;) {
    const batch = await queries.listUnannouncedPhysicalCardRequests(db, BATCH)
    for (const request of batch) {
      const sent = await inTransaction(db, async (trx) => {
        if (!(await queries.markPhysicalCardRequestAnnounced(trx, request.userId, now().toISOString()))) return false
        return enqueueMail(trx, {
          kind: 'physicalCardsAnnouncement',
          userId: request.userId,
          to: request.email,
          payload: { username: request.username },
          dedupeKey: `physicalCardsAnnouncement:${request.userId}`,
        })
      })
      if (sent) recorded += 1
    }
    if (batch.length < BATCH) return recorded
  }
}

export async function getEmailPreferences(db: Kysely<Database>, userId: string): Promise<EmailPreferences> {
  return { notificationDigest: Boolean(await queries.findDigestSubscription(db, userId)) }
}

/** The digest's first day starts now: notifications from before it was turned on are not mailed. */
export async function setEmailPreferences(
  db: Kysely<Database>,
  userId: string,
  preferences: EmailPreferences,
): Promise<EmailPreferences> {
  if (preferences.notificationDigest) {
    const at = now()
    await queries.insertDigestSubscription(db, {
      userId,
      at: at.toISOString(),
      nextDigestAt: new Date(at.getTime() + DAY_MS).toISOString(),
    })
  } else {
    await queries.deleteDigestSubscription(db, userId)
  }
  return getEmailPreferences(db, userId)
}

/** What a token unsubscribes from, if this server signed it. Changes nothing. */
export function readUnsubscribeToken(signer: UnsubscribeSigner, token: string) {
  return signer.read(token)
}

/**
 * One-click unsubscribe (RFC 8058): the list the signed token names stops for the traveller it names. Idempotent;
 * answers the list, or null for a token this server did not sign (then nothing changes).
 */
export async function unsubscribe(
  db: Kysely<Database>,
  signer: UnsubscribeSigner,
  token: string,
): Promise<MailingList | null> {
  const named = signer.read(token)
  if (!named) return null
  if (named.list === 'notificationDigest') await queries.deleteDigestSubscription(db, named.userId)
  else await queries.deletePhysicalCardRequest(db, named.userId)
  return named.list
}

/**
 * The traveller's own memories that come back on `day` (a YYYY-MM-DD date), as digest lines: On This Day, which the
 * memories feature answers and app.ts hands in (mail sits below memories).
 */
export type ReturningMemoryLines = (userId: string, day: string) => Promise<DigestItem[]>

/**
 * Records the digest of every subscription due at `at`: the unread notifications of the day before and the memories
 * that come back on `at`'s UTC day, in one mail (none when there are neither); the subscription moves on a day in the
 * same transaction. Answers how many were recorded.
 */
export async function recordDueDigests(
  db: Kysely<Database>,
  at: Date,
  returningMemories: ReturningMemoryLines = async () => [],
): Promise<number> {
  const until = at.toISOString()
  const nextDigestAt = new Date(at.getTime() + DAY_MS).toISOString()
  let recorded = 0
  for (;;) {
    const due = await queries.listDueDigests(db, until, BATCH)
    for (const subscription of due) {
      const window = { from: subscription.coveredUntil, until }
      const found = await queries.listDigestNotifications(db, subscription.userId, {
        ...window,
        titles: DIGEST_TITLES,
        titlePrefixes: DIGEST_TITLE_PREFIXES,
        limit: DIGEST_MAX_ITEMS + 1,
      })
      const items: DigestItem[] = found.slice(0, DIGEST_MAX_ITEMS)
      const onThisDay = await returningMemories(subscription.userId, until.slice(0, 10))
      const sent = await inTransaction(db, async (trx) => {
        if (!(await queries.advanceDigest(trx, subscription.userId, { ...window, nextDigestAt }))) return false
        if (items.length === 0 && onThisDay.length === 0) return false
        return enqueueMail(trx, {
          kind: 'notificationDigest',
          userId: subscription.userId,
          to: subscription.email,
          payload: {
            username: subscription.username,
            items,
            more: found.length > DIGEST_MAX_ITEMS,
            onThisDay,
          },
          dedupeKey: `notificationDigest:${subscription.userId}:${window.from}`,
        })
      })
      if (sent) recorded += 1
    }
    if (due.length < BATCH) return recorded
  }
}

/** Every hour, on one instance: the digests whose day is over. */
export function digestJob(
  db: Kysely<Database>,
  log: Pick<JobLog, 'info'>,
  delivered: () => void,
  returningMemories?: ReturningMemoryLines,
): PeriodicJob {
  return {
    name: 'mail-digest',
    periodSeconds: DIGEST_PERIOD_SECONDS,
    run: async () => {
      const recorded = await recordDueDigests(db, now(), returningMemories)
      if (recorded > 0) {
        log.info({ recorded }, 'daily notification digests recorded')
        delivered()
      }
    },
  }
}
