import crypto from 'node:crypto'

import type { Kysely, Selectable, Transaction } from 'kysely'

import { DELETION_CANCELLED_NOTIFICATION } from '@shared/account'
import { FRIEND_CODE_ALPHABET, FRIEND_CODE_LENGTH, levelForExperience, STARTER_AVATARS } from '@shared/constants'
import { MODERATION_TEXTS } from '@shared/moderation'
import {
  PASSWORD_RESET_TTL_MINUTES,
  type LoginBody,
  type LoginResult,
  type RegisterBody,
  type RegisterResult,
  type User,
} from '@shared/session'

import { findSuspensionInForce } from '../../db/moderationFilters'
import type { Database, UsersTable } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { now, nowIso } from '../../lib/clock'
import { refusing, type ExpectedRefusal } from '../../lib/databaseErrors'
import { normalizeEmail } from '../../lib/email'
import { AppError } from '../../lib/errors'
import { dummyPasswordHash, type PasswordHashing } from '../../lib/passwords'
import { newId, randomCode } from '../../lib/random'
import { hashToken } from '../../lib/tokenHash'
import { claimFreeDraw } from '../acquire/freeDrawClaim'
import { befriend } from '../friends/friendships'
import { enqueueMail } from '../mail/service'
import { notify } from '../notifications/service'
import { grantRegistrationGifts } from '../wallet/registration'

import { sendEmailVerification } from './emailVerification'
import * as queries from './queries'
import {
  baseUsername,
  chosenUsername,
  refuseTakenUsername,
  uniqueUsername,
  usernameLooksTaken,
  usernameTaken,
} from './usernames'
import { cardStatsOf } from './userStats'

const LOGIN_FAILED = 'The e-mail or password is incorrect.'
export const EMAIL_TAKEN = 'An account with this e-mail already exists. Please log in instead.'

async function uniqueFriendCode(trx: Transaction<Database>): Promise<string> {
  for (;;) {
    const code = randomCode(FRIEND_CODE_ALPHABET, FRIEND_CODE_LENGTH)
    if (!(await queries.findUserByFriendCode(trx, code))) return code
  }
}

async function findInviter(trx: Transaction<Database>, code: string | undefined) {
  const friendCode = code?.trim().toUpperCase()
  if (friendCode?.length !== FRIEND_CODE_LENGTH) return null
  return (await queries.findUserByFriendCode(trx, friendCode)) ?? null
}

/** The session of a token hash that is neither revoked nor expired at `at`; undefined otherwise. */
export function findLiveSession(db: Kysely<Database>, tokenHash: string, at: string) {
  return queries.findLiveSession(db, tokenHash, at)
}

export async function createSession(
  trx: Kysely<Database> | Transaction<Database>,
  userId: string,
  ttlDays: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  const createdAt = now()
  await queries.insertSession(trx, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: createdAt.toISOString(),
    expires_at: new Date(createdAt.getTime() + ttlDays * 86_400_000).toISOString(),
    revoked_at: null,
  })
  return token
}

/** Two sign-ups raced for one e-mail, or for one generated username (then trying again picks another name). */
const REGISTRATION_RACES: ExpectedRefusal[] = [
  { when: 'unique', key: { table: 'users', columns: ['email'] }, refusal: new AppError('Conflict', EMAIL_TAKEN) },
  {
    when: 'unique',
    refusal: new AppError('Conflict', 'Your account could not be created just now. Please try again.'),
  },
]

/**
 * A new account's avatar, one of the starter avatars every traveller owns, fixed by its id: with everyone on avatar 1,
 * two friends in one comment thread looked alike.
 */
export function starterAvatarId(userId: string): number {
  return (crypto.createHash('sha256').update(userId).digest().readUInt32BE(0) % STARTER_AVATARS) + 1
}

/**
 * Everything a registration does happens in this one transaction: the account, the session,
 * the friendship and gifts of an invitation, the welcome certificate, the claimed free-draw card and the welcome
 * e-mail with its link that confirms the address.
 */
export function register(
  trx: Transaction<Database>,
  body: RegisterBody,
  passwordHash: string,
  options: RegistrationOptions,
): Promise<RegisterResult> {
  return refusing(() => createAccount(trx, body, passwordHash, options), REGISTRATION_RACES)
}

export interface RegistrationOptions {
  sessionTtlDays: number
  /**
   * Whether the site sends e-mail: then the welcome e-mail carries a link that confirms the address. A site that sends
   * none (MAIL=off) cannot confirm addresses, so its accounts count as confirmed from the start (docs/decisions.md).
   */
  mailOn: boolean
}

async function createAccount(
  trx: Transaction<Database>,
  body: RegisterBody,
  passwordHash: string,
  { sessionTtlDays, mailOn }: RegistrationOptions,
): Promise<RegisterResult> {
  const email = normalizeEmail(body.email)
  const existing = await queries.findUserIdByEmail(trx, email)
  if (existing) throw new AppError('Conflict', EMAIL_TAKEN)

  // `r` (friendCode) invites; a `ref` that is a friend code counts as the same invitation; any other ref is kept for attribution.
  const inviter = (await findInviter(trx, body.friendCode)) ?? (await findInviter(trx, body.ref))
  const referralSource = body.ref?.trim() || null

  const id = newId()
  const createdAt = nowIso()
  const [emailName = email] = email.split('@')
  const { username, skeleton } = await uniqueUsername(trx, baseUsername(body.name?.trim() || emailName))
  const user = {
    id,
    email,
    username,
    username_skeleton: skeleton,
    password_hash: passwordHash,
    friend_code: await uniqueFriendCode(trx),
    avatar_id: starterAvatarId(id),
    digital_credit: 0,
    physical_credit: 0,
    experience: 0,
    referral_source: referralSource,
    invited_by: inviter?.id ?? null,
    created_at: createdAt,
    email_verified_at: mailOn ? null : createdAt,
  }
  await queries.insertUser(trx, user)

  if (inviter) await befriend(trx, id, inviter.id)
  const { invitationReward } = await grantRegistrationGifts(trx, { id, username }, inviter)
  if (body.freeDrawTransactionId) await claimFreeDraw(trx, id, body.freeDrawTransactionId)
  if (mailOn) await sendEmailVerification(trx, { id, email, username }, 'welcome')

  const authKey = await createSession(trx, id, sessionTtlDays)
  const credit = await queries.findBalances(trx, id)
  return {
    username,
    authKey,
    email,
    digitalCredit: credit.digital_credit,
    physicalCredit: credit.physical_credit,
    avatarId: user.avatar_id,
    invitationReward,
    friendCode: user.friend_code,
  }
}

export async function login(
  db: Kysely<Database>,
  passwords: PasswordHashing,
  body: LoginBody,
  sessionTtlDays: number,
): Promise<LoginResult> {
  const user = await queries.findUserByEmail(db, normalizeEmail(body.email))
  const valid = await passwords.verify(body.password, user?.password_hash ?? (await dummyPasswordHash()))
  if (!user || !valid) throw new AppError('BadRequest', LOGIN_FAILED)
  await refuseSuspended(db, user.id)
  return inTransaction(db, async (trx) => {
    const accountDeletionCancelled = await cancelPendingDeletion(trx, user.id)
    return sessionOpenedAnswer(user, await createSession(trx, user.id, sessionTtlDays), accountDeletionCancelled)
  })
}

/**
 * A suspended traveller opens no session: refused with the code AccountSuspended and a message saying until when
 * (docs/product.md#reports-and-moderation). Checked after the password, so it tells nobody else that the account is
 * suspended.
 */
export async function refuseSuspended(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<void> {
  const suspension = await findSuspensionInForce(db, userId, nowIso())
  if (suspension) {
    throw new AppError('AccountSuspended', MODERATION_TEXTS.suspended(suspension.endsAt?.slice(0, 10) ?? null))
  }
}

/** What a login answers, and a password reset, which logs the traveller in the same way. */
export function sessionOpenedAnswer(
  user: Pick<
    Selectable<UsersTable>,
    'username' | 'email' | 'avatar_id' | 'digital_credit' | 'physical_credit' | 'friend_code'
  >,
  authKey: string,
  accountDeletionCancelled: boolean,
): LoginResult {
  return {
    authKey,
    username: user.username,
    email: user.email,
    avatarId: user.avatar_id,
    digitalCredit: user.digital_credit,
    physicalCredit: user.physical_credit,
    friendCode: user.friend_code,
    accountDeletionCancelled,
  }
}

/**
 * A login during the grace period cancels the account's deletion and says so in a notification; once the grace period
 * is over or the deletion job has started, the account is as good as gone and the login fails like an unknown one.
 */
export async function cancelPendingDeletion(trx: Transaction<Database>, userId: string): Promise<boolean> {
  if (!(await queries.findAccountDeletion(trx, userId))) return false
  if (!(await queries.cancelAccountDeletion(trx, userId, nowIso()))) throw new AppError('BadRequest', LOGIN_FAILED)
  await notify(
    trx,
    userId,
    DELETION_CANCELLED_NOTIFICATION.title,
    DELETION_CANCELLED_NOTIFICATION.content,
    ACCOUNT_PATH,
  )
  return true
}

/** My Account, where a traveller asks again for a deletion. */
const ACCOUNT_PATH = '/myAccount'

export async function logout(db: Kysely<Database>, tokenHash: string): Promise<null> {
  await queries.revokeSession(db, tokenHash, nowIso())
  return null
}

export async function getUser(db: Kysely<Database>, userId: string): Promise<User> {
  const user = await queries.findUserWithCounts(db, userId)
  if (!user) throw new AppError('Unauthorized', 'Your account was not found. Please log in again.')
  const level = levelForExperience(user.experience)
  const stats = cardStatsOf(user.copyGroups)
  const memoryCount = user.memory_count ?? 0
  const friendCount = user.friend_count ?? 0
  return {
    userId: user.id,
    avatarId: user.avatar_id,
    username: user.username,
    email: user.email,
    digitalCredit: user.digital_credit,
    physicalCredit: user.physical_credit,
    userLevel: level.userLevel,
    userExp: user.experience,
    expToLevelUp: level.expToLevelUp,
    expForCurrentLevel: level.expForCurrentLevel,
    friendCode: user.friend_code,
    createdAt: user.created_at,
    userCardStats: stats,
    memoryCount,
    friendCount,
    emailVerified: user.email_verified_at !== null,
    ...(user.digital_credit_owed > 0 ? { digitalCreditOwed: user.digital_credit_owed } : {}),
    ...(user.physical_credit_owed > 0 ? { physicalCreditOwed: user.physical_credit_owed } : {}),
  }
}

/** A username a traveller chose (on My Account), as it is stored, or refused with a message saying why it may not be one. */
export function checkChosenUsername(typed: string): { username: string; skeleton: string } {
  return chosenUsername(typed)
}

/** Refuses a username another account has, in any case, or one that looks the same, before a rename is written. */
export function refuseUsernameOfAnother(
  trx: Transaction<Database>,
  name: { username: string; skeleton: string },
  userId: string,
): Promise<void> {
  return refuseTakenUsername(trx, name, userId)
}

/** How a rename that lost a race for a name, or for a look-alike of it, is refused: the unique indexes decide. */
export function usernameRaceRefusals(username: string): ExpectedRefusal[] {
  return [
    {
      when: 'unique',
      key: { index: 'users_username_lower_unique' },
      refusal: new AppError('Conflict', usernameTaken(username)),
    },
    {
      when: 'unique',
      key: { table: 'users', columns: ['username'] },
      refusal: new AppError('Conflict', usernameTaken(username)),
    },
    {
      when: 'unique',
      key: { table: 'users', columns: ['username_skeleton'] },
      refusal: new AppError('Conflict', usernameLooksTaken(username)),
    },
  ]
}

/**
 * A reset link for the account, in the caller's transaction: its token (32 random bytes) is stored only as its
 * SHA-256, and the e-mail that carries it is recorded with it (docs/security.md#password-reset). Used by the
 * forgotten-password request and by an operator's "Send a password reset e-mail".
 */
export async function recordPasswordReset(
  trx: Transaction<Database>,
  user: { id: string; email: string; username: string },
): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url')
  const at = now()
  await queries.insertPasswordReset(trx, {
    token_hash: hashToken(token),
    user_id: user.id,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
    used_at: null,
  })
  await enqueueMail(trx, {
    kind: 'passwordReset',
    userId: user.id,
    to: user.email,
    payload: { username: user.username, token },
  })
}

/** Ends every live session of the account, in the caller's transaction; answers their token hashes for the caches. */
export function endAllSessionsOf(trx: Transaction<Database>, userId: string, at = nowIso()): Promise<string[]> {
  return queries.revokeLiveSessionsOf(trx, userId, at)
}
