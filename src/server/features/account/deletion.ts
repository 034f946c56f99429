import type { Kysely, Transaction } from 'kysely'

import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type RequestAccountDeletionBody,
  type RequestAccountDeletionResult,
} from '@shared/account'

import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import type { BlobStore } from '../../lib/blobStore'
import { now, nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { JobLog, PeriodicJob } from '../../lib/jobs'
import { newId } from '../../lib/random'
import { enqueueMail } from '../mail/service'
import { deletePictureFilesOfUser, keepRepliesToCommentsOf } from '../memories/accountData'
import { endAllSessionsOf } from '../session/service'
import { deleteTravelMapPreviews } from '../travel/profilePreview'
import { deleteTripMaps } from '../trips/sharePage'
import { closeCreditAccount, lockAccountForClosing } from '../wallet/ledger'

import * as queries from './deletion.queries'

export const DELETION_NOT_CONFIRMED =
  'The username you typed does not match yours. Type it exactly as shown to confirm.'

/**
 * Asks for the account's deletion after the grace period (docs/product.md#account-deletion) and ends every session of
 * the account at once; answers when the deletion is due and the token hashes of the ended sessions, which the caller
 * removes from every instance's session cache. A second request while one waits keeps the first due time. A login
 * during the grace period cancels it (features/session).
 */
export async function requestAccountDeletion(
  trx: Transaction<Database>,
  userId: string,
  body: RequestAccountDeletionBody,
): Promise<{ result: RequestAccountDeletionResult; endedSessions: string[] }> {
  const user = await queries.findAccountHolder(trx, userId)
  if (body.username.trim() !== user.username) throw new AppError('BadRequest', DELETION_NOT_CONFIRMED)
  const at = now()
  await queries.insertAccountDeletion(trx, {
    userId,
    requestedAt: at.toISOString(),
    dueAt: new Date(at.getTime() + ACCOUNT_DELETION_GRACE_DAYS * 86_400_000).toISOString(),
  })
  const request = await queries.findAccountDeletion(trx, userId)
  if (!request) throw new Error('the deletion request was not recorded')
  // Told once per request: asking again while one waits keeps its date and sends nothing more.
  if (request.requested_at === at.toISOString()) {
    await enqueueMail(trx, {
      kind: 'accountDeletionRequested',
      userId,
      to: user.email,
      payload: { username: user.username, deletionDueAt: request.due_at },
      dedupeKey: `accountDeletionRequested:${userId}:${request.requested_at}`,
    })
  }
  const endedSessions = await endAllSessionsOf(trx, userId, at.toISOString())
  return { result: { deletionDueAt: request.due_at }, endedSessions }
}

/**
 * The anonymised stand-in that keeps a deleted account's ledger rows and payments for accounting. It has no e-mail,
 * username, friend code or password: those NOT NULL, unique columns hold `closed:{id}`, which no login, friend code,
 * username or sign-up can ever match, and the empty password hash verifies nothing.
 */
export async function createAccountTombstone(trx: Transaction<Database>): Promise<string> {
  const id = newId()
  const placeholder = `closed:${id}`
  const closedAt = nowIso()
  await queries.insertTombstone(trx, {
    id,
    email: placeholder,
    username: placeholder,
    // Claims no look-alike: the name it had is free again.
    username_skeleton: null,
    password_hash: '',
    friend_code: placeholder,
    avatar_id: 1,
    digital_credit: 0,
    physical_credit: 0,
    experience: 0,
    referral_source: null,
    invited_by: null,
    created_at: closedAt,
    closed_at: closedAt,
  })
  return id
}

/** Deletes the account's row, and with it every row that belongs to it (see accountData.ts). */
export function deleteAccountRow(trx: Transaction<Database>, userId: string): Promise<void> {
  return queries.deleteUser(trx, userId)
}

/** Due deletions are looked for every hour, so an account goes within the hour after its grace period ends. */
export const ACCOUNT_DELETION_PERIOD_SECONDS = 60 * 60
/** Accounts deleted per read of the due list, so a backlog is worked through in steps. */
const DELETION_BATCH = 50

/**
 * Deletes one account whose grace period is over (docs/product.md#account-deletion); answers whether this call deleted
 * it. Safe to run again at any point, and alongside another run:
 *
 * 1. The request is claimed, so a login no longer cancels it (a request cancelled meanwhile stops everything here).
 * 2. The picture files go from the blob store. A run that stops after this finds the rows, and so the files, again.
 * 3. One transaction (run again if PostgreSQL ends it as a deadlock): the account's row is locked first, so a payment
 *    or a friendship aimed at it meanwhile waits, then finds it closed or gone; the claimed request is taken (a
 *    concurrent run waits for it, then finds nothing and stops); the remaining credit is forfeited and the ledger rows
 *    and payments move to a new anonymised tombstone; others' replies to the user's comments are kept; then the user's
 *    row is deleted, and with it, by ON DELETE CASCADE, every row listed in accountData.ts: sessions, notifications,
 *    copies, draws, memories, pictures, tags, likes, comments, friendships both ways, certificates, referral records,
 *    been-there marks and content requests. In the same transaction the farewell mail is recorded to the address
 *    being erased, unlinked from the account (user_id null) so the deletion does not take it with the rest; the
 *    outbox forgets its address and payload once it is sent or given up (features/mail). With e-mail off
 *    (`farewellMail` false) nothing is recorded, as nothing would ever send it.
 */
export async function eraseAccount(
  db: Kysely<Database>,
  blobs: BlobStore,
  userId: string,
  at: Date = now(),
  { farewellMail = true }: { farewellMail?: boolean } = {},
): Promise<boolean> {
  if (!(await queries.claimAccountDeletion(db, userId, at.toISOString()))) return false
  await deletePictureFilesOfUser(db, blobs, userId)
  await deleteTravelMapPreviews(blobs, userId)
  await deleteTripMaps(blobs, userId)
  return inTransaction(db, async (trx) => {
    // The account's row before any other row of it, as on every path to a user's credit and payments.
    if (!(await lockAccountForClosing(trx, userId))) return false
    if (!(await queries.takeClaimedAccountDeletion(trx, userId))) return false
    if (farewellMail) {
      const farewell = await queries.findAccountHolder(trx, userId)
      await enqueueMail(trx, {
        kind: 'accountDeleted',
        userId: null,
        to: farewell.email,
        payload: { username: farewell.username },
        dedupeKey: `accountDeleted:${userId}`,
      })
    }
    const tombstoneId = await createAccountTombstone(trx)
    await closeCreditAccount(trx, userId, tombstoneId)
    await keepRepliesToCommentsOf(trx, userId)
    await deleteAccountRow(trx, userId)
    return true
  })
}

/**
 * Deletes every account whose grace period ended by `at`; answers how many went. An account that fails is logged and
 * left for the next run, after the others; the run then counts as failed.
 */
export async function eraseDueAccounts(
  db: Kysely<Database>,
  blobs: BlobStore,
  at: Date,
  log: Pick<JobLog, 'error'>,
  options: { farewellMail?: boolean } = {},
): Promise<number> {
  let erased = 0
  const failed = new Set<string>()
  for (;;) {
    const rows = await queries.listDueAccountDeletions(db, at.toISOString(), DELETION_BATCH + failed.size)
    const due = rows.map((row) => row.userId).filter((id) => !failed.has(id))
    for (const userId of due) {
      try {
        if (await eraseAccount(db, blobs, userId, at, options)) erased += 1
      } catch (error) {
        failed.add(userId)
        log.error({ err: error, userId }, 'account deletion failed; it is tried again at the next run')
      }
    }
    if (due.length < DELETION_BATCH) break
  }
  if (failed.size > 0) throw new Error(`${failed.size} account deletions failed`)
  return erased
}

/** Every hour, on one instance, deletes the accounts whose grace period is over. */
export function accountDeletionJob(
  db: Kysely<Database>,
  blobs: BlobStore,
  log: JobLog,
  options: { farewellMail: boolean },
): PeriodicJob {
  return {
    name: 'account-deletion',
    periodSeconds: ACCOUNT_DELETION_PERIOD_SECONDS,
    run: async () => {
      const erased = await eraseDueAccounts(db, blobs, now(), log, options)
      if (erased > 0) log.info({ erased }, 'accounts deleted after their grace period')
    },
  }
}
