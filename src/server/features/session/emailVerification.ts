import crypto from 'node:crypto'

import type { Transaction } from 'kysely'

import { EMAIL_VERIFICATION_TEXTS, EMAIL_VERIFICATION_TTL_DAYS } from '@shared/emailVerificationTexts'
import type { ResendVerificationEmailResult, VerifyEmailResult } from '@shared/session'

import type { Database } from '../../db/schema'
import { now } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { hashToken } from '../../lib/tokenHash'
import { enqueueMail } from '../mail/service'
import { releaseReferralRewardOnConfirmation } from '../wallet/referrals'

import * as queries from './queries'

/**
 * A link that confirms the account's current address, and the e-mail that carries it, in the caller's transaction
 * (the sign-up's, or a Resend's): the token (32 random bytes) is stored only as its SHA-256, with the address it was
 * sent to.
 */
export async function sendEmailVerification(
  trx: Transaction<Database>,
  user: { id: string; email: string; username: string },
  kind: 'welcome' | 'emailVerification',
): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url')
  const at = now()
  await queries.insertEmailVerification(trx, {
    token_hash: hashToken(token),
    user_id: user.id,
    email: user.email,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + EMAIL_VERIFICATION_TTL_DAYS * 86_400_000).toISOString(),
    used_at: null,
  })
  await enqueueMail(trx, { kind, userId: user.id, to: user.email, payload: { username: user.username, token } })
}

/**
 * Uses the link once and confirms the address it was sent to, which pays the inviter's referral reward held since the
 * sign-up (wallet/referrals.ts); every other link of the account stops working. `callerId` is the traveller logged in
 * where the link was opened: a link of another account is refused there. Every refusal changes nothing.
 */
export async function verifyEmail(
  trx: Transaction<Database>,
  token: string,
  callerId: string | null,
): Promise<VerifyEmailResult> {
  const tokenHash = hashToken(token)
  const link = await queries.findEmailVerification(trx, tokenHash)
  const at = now().toISOString()
  // The account's row first, as on every path that changes it (docs/security.md#locks): an erasure holding it
  // finishes first, and the link went with the account.
  if (!link || !(await queries.lockUserRow(trx, link.user_id))) {
    throw new AppError('BadRequest', EMAIL_VERIFICATION_TEXTS.linkInvalid)
  }
  if (link.used_at) throw new AppError('BadRequest', EMAIL_VERIFICATION_TEXTS.linkUsed)
  if (link.expires_at <= at) throw new AppError('BadRequest', EMAIL_VERIFICATION_TEXTS.linkExpired)
  if (callerId !== null && callerId !== link.user_id) {
    throw new AppError('BadRequest', EMAIL_VERIFICATION_TEXTS.linkOfAnotherAccount)
  }
  const used = await queries.useEmailVerification(trx, tokenHash, at)
  // Checked a moment ago: another request used the link since.
  if (!used) throw new AppError('BadRequest', EMAIL_VERIFICATION_TEXTS.linkUsed)
  const user = await queries.findUserById(trx, used.user_id)
  if (user.email !== used.email) throw new AppError('BadRequest', EMAIL_VERIFICATION_TEXTS.linkOfOldAddress)
  await queries.useOpenEmailVerificationsOf(trx, user.id, at)
  await confirmAddressOwned(trx, user.id, used.email, at)
  return { email: used.email }
}

/**
 * The account's address is proven to be the traveller's (a link sent to it was opened: a confirmation, a change of
 * address or its undo): it counts as confirmed from now on, and the inviter's referral reward held since the sign-up
 * is paid, once, by the update that confirmed it.
 */
export async function confirmAddressOwned(
  trx: Transaction<Database>,
  userId: string,
  email: string,
  at: string,
): Promise<void> {
  if (await queries.markEmailVerified(trx, userId, email, at)) {
    await releaseReferralRewardOnConfirmation(trx, userId)
  }
}

/** Resend: a new link for an account whose address is not confirmed yet; earlier links keep working until they expire. */
export async function resendEmailVerification(
  trx: Transaction<Database>,
  userId: string,
): Promise<ResendVerificationEmailResult> {
  const user = await queries.findUserById(trx, userId)
  if (user.email_verified_at) throw new AppError('Conflict', EMAIL_VERIFICATION_TEXTS.alreadyVerified)
  await sendEmailVerification(trx, user, 'emailVerification')
  return { email: user.email }
}
