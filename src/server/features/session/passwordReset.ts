import type { Kysely, Transaction } from 'kysely'

import { PASSWORD_RESET_TEXTS, type ResetPasswordResult } from '@shared/session'

import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { now } from '../../lib/clock'
import { normalizeEmail } from '../../lib/email'
import { AppError } from '../../lib/errors'
import { hashToken } from '../../lib/tokenHash'

import * as queries from './queries'
import { cancelPendingDeletion, createSession, recordPasswordReset, sessionOpenedAnswer } from './service'

/**
 * A reset link for the account of `email`, if there is one: the link's token (32 random bytes) is stored only as its
 * SHA-256, and the e-mail that carries it is recorded in the same transaction. Runs after the answer has gone out
 * (routes.ts), so the caller learns nothing from it; answers whether a message was recorded.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string): Promise<boolean> {
  const user = await queries.findUserByEmail(db, normalizeEmail(email))
  if (!user || user.closed_at) return false
  await inTransaction(db, (trx) => recordPasswordReset(trx, user))
  return true
}

/**
 * Why a link cannot be used, checked before the new password is hashed (which is slow on purpose). `callerId` is the
 * traveller logged in where the link was opened: a link of another account is refused there.
 */
export async function checkResetLink(db: Kysely<Database>, token: string, callerId: string | null): Promise<void> {
  const reset = await queries.findPasswordReset(db, hashToken(token))
  if (!reset) throw new AppError('BadRequest', PASSWORD_RESET_TEXTS.linkInvalid)
  if (reset.used_at) throw new AppError('BadRequest', PASSWORD_RESET_TEXTS.linkUsed)
  if (reset.expires_at <= now().toISOString()) throw new AppError('BadRequest', PASSWORD_RESET_TEXTS.linkExpired)
  if (callerId !== null && callerId !== reset.user_id) {
    throw new AppError('BadRequest', PASSWORD_RESET_TEXTS.linkOfAnotherAccount)
  }
}

/**
 * Uses the link once and sets the new password, the account's row locked first; every session of the account ends
 * (answered as token hashes, which the caller removes from every instance's session cache), every other link of it
 * stops working, and a new session logs the traveller in, cancelling a pending deletion as a login does.
 */
export async function resetPassword(
  trx: Transaction<Database>,
  token: string,
  passwordHash: string,
  sessionTtlDays: number,
): Promise<{ result: ResetPasswordResult; endedSessions: string[] }> {
  const at = now().toISOString()
  const tokenHash = hashToken(token)
  // The account's row first, as on every path that changes it (docs/security.md#locks): an erasure that holds it
  // finishes first, and the link went with the account.
  const link = await queries.findPasswordReset(trx, tokenHash)
  if (!link || !(await queries.lockUserRow(trx, link.user_id))) {
    throw new AppError('BadRequest', PASSWORD_RESET_TEXTS.linkInvalid)
  }
  const userId = await queries.usePasswordReset(trx, tokenHash, at)
  // Checked a moment ago: another request used the link (or it expired) since.
  if (!userId) throw new AppError('BadRequest', PASSWORD_RESET_TEXTS.linkUsed)
  await queries.useOpenPasswordResetsOf(trx, userId, at)
  // A move to another address asked for before (by whoever knew the old password) must not outlive it.
  await queries.cancelOpenEmailChangesOf(trx, userId, at)
  await queries.updatePasswordHash(trx, userId, passwordHash)
  const endedSessions = await queries.revokeLiveSessionsOf(trx, userId, at)
  const accountDeletionCancelled = await cancelPendingDeletion(trx, userId)
  const authKey = await createSession(trx, userId, sessionTtlDays)
  const user = await queries.findUserById(trx, userId)
  return { result: sessionOpenedAnswer(user, authKey, accountDeletionCancelled), endedSessions }
}
