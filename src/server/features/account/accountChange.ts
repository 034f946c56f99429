import crypto from 'node:crypto'

import type { Kysely, Transaction } from 'kysely'

import {
  ACCOUNT_CHANGE_TEXTS,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  type ConfirmEmailChangeResult,
  type RequestEmailChangeResult,
  type UndoEmailChangeResult,
} from '@shared/accountChange'

import type { Database } from '../../db/schema'
import { now } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { normalizeEmail } from '../../lib/email'
import { AppError } from '../../lib/errors'
import type { PasswordHashing } from '../../lib/passwords'
import { newId } from '../../lib/random'
import { hashToken } from '../../lib/tokenHash'
import { enqueueMail } from '../mail/service'
import {
  cancelOpenEmailChanges,
  findAccountById,
  findAccountIdByEmail,
  lockAccountRow,
  setPassword,
} from '../session/credentials'
import { confirmAddressOwned } from '../session/emailVerification'
import { endAllSessionsOf } from '../session/service'

import * as queries from './accountChange.queries'

const ACCOUNT_GONE = 'Your account was not found. Please log in again.'

function newToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** The session's account, or 401 when it went meanwhile (an erasure that held the row first). */
async function lockAccount(trx: Transaction<Database>, userId: string): Promise<void> {
  if (!(await lockAccountRow(trx, userId))) throw new AppError('Unauthorized', ACCOUNT_GONE)
}

/**
 * Checks the current password of a logged-in traveller, before any transaction (hashing is slow on purpose and holds
 * no lock); answers the hash it was checked against, which the transaction compares with the row it locks.
 */
export async function checkCurrentPassword(
  db: Kysely<Database>,
  passwords: PasswordHashing,
  userId: string,
  password: string,
): Promise<string> {
  const user = await queries.findPasswordHash(db, userId)
  if (!user) throw new AppError('Unauthorized', ACCOUNT_GONE)
  if (!(await passwords.verify(password, user.password_hash))) {
    throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.wrongPassword)
  }
  return user.password_hash
}

/** The password the current one was checked against is still the account's: no other change came in between. */
async function refuseChangedMeanwhile(trx: Transaction<Database>, userId: string, checkedHash: string) {
  const user = await queries.findPasswordHash(trx, userId)
  if (!user) throw new AppError('Unauthorized', ACCOUNT_GONE)
  if (user.password_hash !== checkedHash) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.wrongPassword)
  return user
}

/**
 * Sets a new password (docs/product.md#change-password): the user's row is locked first (docs/security.md#locks), every
 * other session of the account ends (answered as token hashes, which the caller removes from every instance's session
 * cache), every open reset link stops working, and, when the site sends e-mail, the account's address is told.
 */
export async function changePassword(
  trx: Transaction<Database>,
  change: { userId: string; keptTokenHash: string; checkedHash: string; passwordHash: string; tellByMail: boolean },
): Promise<{ endedSessions: string[] }> {
  const { userId } = change
  await lockAccount(trx, userId)
  const user = await refuseChangedMeanwhile(trx, userId, change.checkedHash)
  const at = now().toISOString()
  await setPassword(trx, userId, change.passwordHash, at)
  // A move to another address asked for before (by whoever knew the old password) must not outlive it.
  await cancelOpenEmailChanges(trx, userId, at)
  const endedSessions = await queries.revokeOtherLiveSessionsOf(trx, userId, change.keptTokenHash, at)
  if (change.tellByMail) {
    await enqueueMail(trx, {
      kind: 'passwordChanged',
      userId,
      to: user.email,
      payload: { username: user.username },
    })
  }
  return { endedSessions }
}

const EMAIL_TAKEN_RACE = {
  when: 'unique' as const,
  key: { table: 'users', columns: ['email'] },
  refusal: new AppError('Conflict', ACCOUNT_CHANGE_TEXTS.emailTaken),
}

/**
 * Asks to move the account to `newEmail` (docs/product.md#change-e-mail): nothing changes until the link e-mailed to
 * the new address is opened. A newer request replaces the open ones, so only the latest link works.
 */
export async function requestEmailChange(
  trx: Transaction<Database>,
  request: { userId: string; checkedHash: string; newEmail: string },
): Promise<RequestEmailChangeResult> {
  const { userId } = request
  const newEmail = normalizeEmail(request.newEmail)
  await lockAccount(trx, userId)
  const user = await refuseChangedMeanwhile(trx, userId, request.checkedHash)
  const owner = await findAccountIdByEmail(trx, newEmail)
  if (owner && owner.id !== userId) throw new AppError('Conflict', ACCOUNT_CHANGE_TEXTS.emailTaken)
  if (user.email === newEmail) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.sameEmail)
  const at = now()
  const expiresAt = new Date(at.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000).toISOString()
  const token = newToken()
  await cancelOpenEmailChanges(trx, userId, at.toISOString())
  await queries.insertEmailChange(trx, {
    id: newId(),
    user_id: userId,
    old_email: user.email,
    new_email: newEmail,
    token_hash: hashToken(token),
    created_at: at.toISOString(),
    expires_at: expiresAt,
    cancelled_at: null,
    confirmed_at: null,
    undo_token_hash: null,
    undo_expires_at: null,
    undone_at: null,
  })
  await enqueueMail(trx, {
    kind: 'emailChangeConfirm',
    userId,
    to: newEmail,
    payload: { username: user.username, newEmail, token },
  })
  return { pendingEmail: newEmail, expiresAt }
}

/** Why a confirmation link cannot be used; `callerId` is the traveller logged in where it was opened, if any. */
function refuseConfirmLink(
  change: { user_id: string; confirmed_at: string | null; cancelled_at: string | null; expires_at: string } | undefined,
  callerId: string | null,
  at: string,
): asserts change {
  if (!change) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.confirmLinkInvalid)
  if (callerId !== null && callerId !== change.user_id) {
    throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.linkOfAnotherAccount)
  }
  if (change.confirmed_at || change.cancelled_at) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.confirmLinkUsed)
  if (change.expires_at <= at) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.confirmLinkExpired)
}

/**
 * Opens the link sent to the new address: the account's row is locked first, the link used once, the address changed
 * (unless another account took it meanwhile), and the old address is told, with a link that undoes the change for
 * EMAIL_CHANGE_UNDO_DAYS. Sessions stay: the traveller proved the new inbox is theirs.
 */
export async function confirmEmailChange(
  trx: Transaction<Database>,
  token: string,
  callerId: string | null,
): Promise<ConfirmEmailChangeResult> {
  const at = now()
  const iso = at.toISOString()
  const found = await queries.findEmailChangeByToken(trx, hashToken(token))
  refuseConfirmLink(found, callerId, iso)
  // An account erased meanwhile took its requests with it.
  if (!(await lockAccountRow(trx, found.user_id))) {
    throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.confirmLinkInvalid)
  }
  // Read again under the lock: a newer request or another confirmation may have come first.
  const change = await queries.findEmailChangeByToken(trx, hashToken(token))
  refuseConfirmLink(change, callerId, iso)
  const owner = await findAccountIdByEmail(trx, change.new_email)
  if (owner && owner.id !== change.user_id) throw new AppError('Conflict', ACCOUNT_CHANGE_TEXTS.emailTaken)
  const user = await findAccountById(trx, change.user_id)
  const undoToken = newToken()
  const confirmed = await queries.confirmEmailChange(trx, {
    id: change.id,
    at: iso,
    undoTokenHash: hashToken(undoToken),
    undoExpiresAt: new Date(at.getTime() + EMAIL_CHANGE_UNDO_DAYS * 86_400_000).toISOString(),
  })
  if (!confirmed) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.confirmLinkUsed)
  await cancelOpenEmailChanges(trx, change.user_id, iso)
  // Two accounts racing for one address: the unique index lets one have it.
  await refusing(() => queries.updateEmail(trx, change.user_id, change.new_email), [EMAIL_TAKEN_RACE])
  // The link reached the new address: it is confirmed like a sign-up's.
  await confirmAddressOwned(trx, change.user_id, change.new_email, iso)
  await enqueueMail(trx, {
    kind: 'emailChanged',
    userId: change.user_id,
    to: user.email,
    payload: { username: user.username, newEmail: change.new_email, undoToken },
  })
  return { email: change.new_email }
}

function refuseUndoLink(
  change: { undone_at: string | null; undo_expires_at: string | null } | undefined,
  at: string,
): asserts change {
  if (!change) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.undoLinkInvalid)
  if (change.undone_at) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.undoLinkUsed)
  if ((change.undo_expires_at ?? '') <= at) throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.undoLinkExpired)
}

/** Why an undo link cannot be used, checked before the new password is hashed. */
export async function checkUndoLink(db: Kysely<Database>, token: string): Promise<void> {
  refuseUndoLink(await queries.findEmailChangeByUndoToken(db, hashToken(token)), now().toISOString())
}

/**
 * Opens the link sent to the old address (docs/decisions.md: whoever changed the address may know the password): the
 * account's row is locked first, the old address restored, the password replaced by the one chosen on the undo page,
 * every session ended (answered as token hashes) and every open reset link and change of address closed.
 */
export async function undoEmailChange(
  trx: Transaction<Database>,
  token: string,
  passwordHash: string,
): Promise<{ result: UndoEmailChangeResult; endedSessions: string[] }> {
  const iso = now().toISOString()
  const found = await queries.findEmailChangeByUndoToken(trx, hashToken(token))
  refuseUndoLink(found, iso)
  if (!(await lockAccountRow(trx, found.user_id))) {
    throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.undoLinkInvalid)
  }
  if (!(await queries.undoEmailChange(trx, found.id, iso))) {
    throw new AppError('BadRequest', ACCOUNT_CHANGE_TEXTS.undoLinkUsed)
  }
  const userId = found.user_id
  // Another account may have taken the old address since (it was free): the unique index refuses it then.
  await refusing(() => queries.updateEmail(trx, userId, found.old_email), [EMAIL_TAKEN_RACE])
  await confirmAddressOwned(trx, userId, found.old_email, iso)
  await setPassword(trx, userId, passwordHash, iso)
  await cancelOpenEmailChanges(trx, userId, iso)
  await queries.voidUndoLinksOf(trx, userId)
  const endedSessions = await endAllSessionsOf(trx, userId, iso)
  return { result: { email: found.old_email }, endedSessions }
}
