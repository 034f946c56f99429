import type { Kysely } from 'kysely'

import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import type { BlobStore } from '../../lib/blobStore'
import { now } from '../../lib/clock'
import type { JobLog, PeriodicJob } from '../../lib/jobs'
import { enqueueMail } from '../mail/service'
import { deletePictureFilesOfUser, keepRepliesToCommentsOf } from '../memories/accountData'
import {
  claimAccountDeletion,
  createAccountTombstone,
  deleteAccountRow,
  listDueAccountDeletions,
  takeClaimedAccountDeletion,
} from '../session/service'
import { deleteTravelMapPreviews } from '../travel/service'
import { closeCreditAccount, lockAccountForClosing } from '../wallet/ledger'

import { findFarewellRecipient } from './queries'

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
  if (!(await claimAccountDeletion(db, userId, at))) return false
  await deletePictureFilesOfUser(db, blobs, userId)
  await deleteTravelMapPreviews(blobs, userId)
  return inTransaction(db, async (trx) => {
    // The account's row before any other row of it, as on every path to a user's credit and payments.
    if (!(await lockAccountForClosing(trx, userId))) return false
    if (!(await takeClaimedAccountDeletion(trx, userId))) return false
    if (farewellMail) {
      const farewell = await findFarewellRecipient(trx, userId)
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
    const due = (await listDueAccountDeletions(db, at, DELETION_BATCH + failed.size)).filter((id) => !failed.has(id))
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
