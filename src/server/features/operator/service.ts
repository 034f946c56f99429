import type { Kysely } from 'kysely'

import { CONSOLE_TEXTS } from '@shared/consoleTexts'
import {
  AUDIT_LOG_EXPORT_MAX_ROWS,
  AUDIT_LOG_PAGE_SIZE,
  type AuditLogEntry,
  type AuditLogFilter,
  type AuditLogPage,
  type GetAuditLogQuery,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@shared/operator'

import type { Database } from '../../db/schema'
import { now, nowIso } from '../../lib/clock'
import { normalizeEmail } from '../../lib/email'
import { AppError } from '../../lib/errors'
import { decodeCursor, encodeCursor } from '../../lib/keysetCursor'

import { recordOperatorAction } from './auditLog'
import * as queries from './queries'
import { openSecret, sealSecret } from './secretBox'
import { enrolmentOf, newTotpSecret, stepOfCode } from './totp'

/**
 * The operator role (docs/security.md#operators): given and taken by the server command, never through the API; a
 * second factor (TOTP) per session; every action recorded in the append-only audit log, in the action's transaction.
 * Other features reach the role through its public modules (scripts/lint/boundaries.mjs): `recordOperatorAction`
 * (auditLog.ts), `operatorUserId` (requestOperator.ts), and the `requireOperator` hook that
 * features/operator/plugin.ts decorates the app with.
 */

/** A refusal of the operator command, printed as its message alone. */
export class OperatorCommandRefusal extends Error {
  override name = 'OperatorCommandRefusal'
}

const KEY_MISSING_FOR_COMMAND =
  'OPERATOR_SECRET_KEY is not set: operators keep their second-factor secrets encrypted under it, and the server ' +
  'refuses to start with an operator and no key. Set it to 64 hex characters (e.g. `openssl rand -hex 32`) in the ' +
  "server's environment and here, then grant again."

async function accountOf(db: Kysely<Database>, email: string) {
  const user = await queries.findUserByEmail(db, normalizeEmail(email))
  if (!user) throw new OperatorCommandRefusal(`No account has the e-mail ${email}.`)
  return user
}

/** Gives an account the role; `grantedBy` is the note the command was given (who asked, a ticket). */
export async function grantOperator(
  db: Kysely<Database>,
  secretKey: string | null,
  email: string,
  grantedBy: string,
): Promise<void> {
  if (!secretKey) throw new OperatorCommandRefusal(KEY_MISSING_FOR_COMMAND)
  const user = await accountOf(db, email)
  await db.transaction().execute(async (trx) => {
    const at = nowIso()
    const granted = await queries.insertOperator(trx, { user_id: user.id, granted_at: at, granted_by: grantedBy })
    if (!granted) throw new OperatorCommandRefusal(`${user.email} is already an operator.`)
    await recordOperatorAction(trx, {
      operatorUserId: null,
      action: 'operator.grant',
      targetType: 'user',
      targetId: user.id,
      reason: grantedBy,
    })
  })
}

/** Takes the role away: the account's sessions stay a traveller's, and every second-factor mark of it ends at once. */
export async function revokeOperator(db: Kysely<Database>, email: string, revokedBy: string): Promise<void> {
  const user = await accountOf(db, email)
  await db.transaction().execute(async (trx) => {
    await queries.deleteOperatorSessionsOf(trx, user.id)
    const revoked = await queries.deleteOperator(trx, user.id)
    if (!revoked) throw new OperatorCommandRefusal(`${user.email} is not an operator.`)
    await recordOperatorAction(trx, {
      operatorUserId: null,
      action: 'operator.revoke',
      targetType: 'user',
      targetId: user.id,
      reason: revokedBy,
    })
  })
}

export function listOperators(db: Kysely<Database>) {
  return queries.listOperators(db)
}

export function anyOperator(db: Kysely<Database>): Promise<boolean> {
  return queries.anyOperator(db)
}

/** The operator behind a live session and whether it passed the second factor; undefined for anyone else. */
export async function operatorOfSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ userId: string; verified: boolean } | undefined> {
  const row = await queries.findOperatorSession(db, tokenHash, nowIso())
  return row && { userId: row.user_id, verified: row.verified_at !== null && row.totp_enrolled_at !== null }
}

export async function secondFactorStatus(
  db: Kysely<Database>,
  userId: string,
  verified: boolean,
): Promise<SecondFactorStatus> {
  const operator = await queries.findOperatorAccount(db, userId)
  return { enrolled: operator?.totp_enrolled_at != null, verified }
}

function requireKey(secretKey: string | null): string {
  if (!secretKey) throw new AppError('Unavailable', CONSOLE_TEXTS.secretKeyMissing)
  return secretKey
}

/**
 * Proposes a new TOTP secret to an operator who has none confirmed yet (each call replaces the last proposal). The
 * secret is stored sealed; the answer carries it in the clear once, as the URI, the base32 text and a QR code.
 */
export async function enrolSecondFactor(
  db: Kysely<Database>,
  secretKey: string | null,
  userId: string,
): Promise<SecondFactorEnrolment> {
  const key = requireKey(secretKey)
  const operator = await queries.findOperatorAccount(db, userId)
  if (!operator) throw new AppError('NotFound', 'No such operator.')
  if (operator.totp_enrolled_at) throw new AppError('Conflict', CONSOLE_TEXTS.alreadyEnrolled)
  const secret = newTotpSecret()
  const proposed = await queries.setProposedSecret(db, userId, sealSecret(key, userId, secret))
  if (!proposed) throw new AppError('Conflict', CONSOLE_TEXTS.alreadyEnrolled)
  return enrolmentOf(secret, operator.email)
}

/**
 * Checks a code: the first good one confirms the proposed secret (enrolment), and each one marks this session as past
 * the second factor. A code's time-step is taken once per operator, so a code seen over a shoulder or replayed from a
 * log is refused, in this session and every other.
 */
export async function verifySecondFactor(
  db: Kysely<Database>,
  secretKey: string | null,
  userId: string,
  tokenHash: string,
  code: string,
): Promise<SecondFactorStatus> {
  const key = requireKey(secretKey)
  const operator = await queries.findOperatorAccount(db, userId)
  if (!operator?.totp_secret_encrypted) throw new AppError('RuleViolation', CONSOLE_TEXTS.notEnrolled)
  const sealed = operator.totp_secret_encrypted
  const step = stepOfCode(openSecret(key, userId, sealed), code.trim(), now())
  if (step === null) throw new AppError('RuleViolation', CONSOLE_TEXTS.wrongCode)
  const enrolling = operator.totp_enrolled_at === null
  await db.transaction().execute(async (trx) => {
    const at = nowIso()
    const accepted = await queries.acceptStep(trx, userId, step, sealed, enrolling ? at : null)
    if (!accepted) throw new AppError('RuleViolation', CONSOLE_TEXTS.usedCode)
    await queries.markSessionVerified(trx, tokenHash, userId, at)
    await recordOperatorAction(trx, {
      operatorUserId: userId,
      action: enrolling ? 'secondFactor.enrol' : 'secondFactor.verify',
      targetType: 'operator',
      targetId: userId,
      reason: '',
    })
  })
  return { enrolled: true, verified: true }
}

type ActionRow = Awaited<ReturnType<typeof queries.findOperatorActions>>[number]

function entryOf(row: ActionRow): AuditLogEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    operatorUserId: row.operator_user_id,
    operatorUsername: row.operator_username,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetUsername: row.target_username,
    reason: row.reason,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The filter as the query takes it: days become a half-open range of ISO times. */
function queryOf(filter: AuditLogFilter, limit: number): queries.AuditLogQuery {
  const day = (date: string) => {
    const at = Date.parse(`${date}T00:00:00.000Z`)
    // Date.parse rolls 2026-02-30 over into March: a day must read back as itself.
    if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== date)
      throw new AppError('BadRequest', `Invalid date: ${date} is not a day of the calendar.`)
    return at
  }
  const from = filter.from === undefined ? undefined : day(filter.from)
  const until = filter.to === undefined ? undefined : day(filter.to) + DAY_MS
  if (from !== undefined && until !== undefined && until <= from)
    throw new AppError('BadRequest', 'Invalid dates: the first day is after the last.')
  return {
    ...(filter.operatorUserId ? { operatorUserId: filter.operatorUserId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    ...(from !== undefined ? { from: new Date(from).toISOString() } : {}),
    ...(until !== undefined ? { until: new Date(until).toISOString() } : {}),
    limit,
  }
}

/** One page of the audit log, newest first, under the operator's filter. */
export async function getAuditLog(db: Kysely<Database>, query: GetAuditLogQuery): Promise<AuditLogPage> {
  const { cursor, ...filter } = query
  const rows = await queries.findOperatorActions(db, {
    ...queryOf(filter, AUDIT_LOG_PAGE_SIZE + 1),
    ...(cursor ? { after: decodeCursor(cursor) } : {}),
  })
  const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE)
  const last = page.at(-1)
  const operators = await queries.findActingOperators(db)
  return {
    entries: page.map(entryOf),
    nextCursor:
      rows.length > AUDIT_LOG_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    operators: operators.flatMap((row) =>
      row.operator_user_id ? [{ userId: row.operator_user_id, username: row.username }] : [],
    ),
  }
}

const CSV_COLUMNS = [
  'created_at',
  'operator_user_id',
  'operator_username',
  'action',
  'target_type',
  'target_id',
  'target_username',
  'reason',
  'details',
] as const

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a spreadsheet would read as a
 * formula (= + - @, a tab or carriage return first) gets a leading apostrophe, so a reason typed as `=HYPERLINK(…)`
 * stays text (OWASP's CSV injection advice).
 */
function csvField(value: string | null): string {
  const text = value ?? ''
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * The audit log under the operator's filter as CSV, newest first, at most AUDIT_LOG_EXPORT_MAX_ROWS rows. The export
 * itself is recorded in the log, in the same transaction that reads it.
 */
export async function exportAuditLog(
  db: Kysely<Database>,
  operatorUserId: string,
  filter: AuditLogFilter,
): Promise<{ csv: string; rows: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await queries.findOperatorActions(trx, queryOf(filter, AUDIT_LOG_EXPORT_MAX_ROWS))
    const lines = [CSV_COLUMNS.join(',')]
    for (const row of rows) {
      lines.push(CSV_COLUMNS.map((column) => csvField(row[column])).join(','))
    }
    await recordOperatorAction(trx, {
      operatorUserId,
      action: 'auditLog.export',
      targetType: 'auditLog',
      targetId: 'auditLog',
      reason: '',
      details: { filter, rows: rows.length },
    })
    return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length }
  })
}
