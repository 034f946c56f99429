import type { Kysely, Transaction } from 'kysely'

import type {
  AdjustCreditBody,
  AdjustCreditResult,
  ConsoleContentRequest,
  EndSessionsResult,
  TravellerDetail,
  TravellerMatch,
} from '@shared/console'
import { CONSOLE_REFUSALS, CONSOLE_TEXTS } from '@shared/consoleTexts'

import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { markContentRequestDone, replyToContentRequest } from '../content/service'
import { standingOf } from '../moderation/standing'
import { recordOperatorAction } from '../operator/auditLog'
import { endAllSessionsOf, recordPasswordReset } from '../session/service'
import { balances, credit, debit } from '../wallet/ledger'

import * as queries from './queries'

/**
 * The console's work on travellers and content requests (docs/product.md#console). Every action runs in one
 * transaction with its audit row (operator/auditLog.ts's recordOperatorAction); a refusal leaves neither.
 */

/** The operator's reason as kept in the audit log: required, without the spaces around it. */
function reasonOf(reason: string): string {
  const trimmed = reason.trim()
  if (!trimmed) throw new AppError('BadRequest', CONSOLE_TEXTS.reasonRequired)
  return trimmed
}

/** The ledger reasons of credit an operator grants or takes. */
export const OPERATOR_CREDIT_REASONS = { grant: 'operator_grant', take: 'operator_take' } as const

export async function searchTravellers(db: Kysely<Database>, q: string): Promise<TravellerMatch[]> {
  const rows = await queries.searchTravellers(db, q.trim())
  return rows.map((row) => ({
    userId: row.id,
    username: row.username,
    email: row.email,
    friendCode: row.friend_code,
    createdAt: row.created_at,
  }))
}

function paymentStatus(row: { fulfilled_at: string | null; refused_at: string | null; refunded_at: string | null }) {
  if (row.refunded_at) return 'refunded'
  if (row.refused_at) return 'refused'
  if (row.fulfilled_at) return 'fulfilled'
  return 'pending'
}

export async function getTraveller(db: Kysely<Database>, userId: string): Promise<TravellerDetail> {
  const user = await queries.findTraveller(db, userId)
  if (!user) throw new AppError('NotFound', CONSOLE_REFUSALS.noSuchTraveller)
  const at = nowIso()
  const [ledger, payments, certificates, draws, sessions, standing] = await Promise.all([
    queries.findLedger(db, userId),
    queries.findPayments(db, userId),
    queries.findCertificates(db, userId),
    queries.findDraws(db, userId),
    queries.findLiveSessions(db, userId, at),
    standingOf(db, userId, at),
  ])
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    emailConfirmed: user.email_verified_at !== null,
    friendCode: user.friend_code,
    createdAt: user.created_at,
    balances: { digital: user.digital_credit, physical: user.physical_credit },
    ledger: ledger.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      currency: row.currency,
      amount: row.amount,
      reason: row.reason,
      reference: row.reference,
    })),
    purchases: payments.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      provider: row.provider,
      amountCents: row.amount_cents,
      currency: row.currency,
      creditValue: row.credit_value,
      status: paymentStatus(row),
    })),
    certificates: certificates.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      currency: row.currency,
      creditValue: row.credit_value,
      source: row.source,
      redeemedAt: row.redeemed_at,
    })),
    draws: draws.map((row) => ({ id: row.id, createdAt: row.created_at, kind: row.kind, price: row.price })),
    sessions: sessions.map((row) => ({ createdAt: row.created_at, expiresAt: row.expires_at })),
    standing,
  }
}

async function travellerIn(trx: Transaction<Database>, userId: string) {
  const user = await queries.findTraveller(trx, userId)
  if (!user) throw new AppError('NotFound', CONSOLE_REFUSALS.noSuchTraveller)
  return user
}

/**
 * Grants or takes credit through the ledger (never a bare balance update), with the audit row in the same
 * transaction. Taking more than the balance is refused and changes nothing.
 */
export function adjustCredit(
  db: Kysely<Database>,
  operatorUserId: string,
  body: AdjustCreditBody,
): Promise<AdjustCreditResult> {
  const reason = reasonOf(body.reason)
  return inTransaction(db, async (trx) => {
    await travellerIn(trx, body.userId)
    const movement = {
      userId: body.userId,
      currency: body.currency,
      amount: body.amount,
      reason: OPERATOR_CREDIT_REASONS[body.direction],
      reference: newId(),
    }
    if (body.direction === 'grant') {
      await credit(trx, movement)
    } else {
      try {
        await debit(trx, movement)
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'InsufficientCredit')) throw error
        const left = await balances(trx, body.userId)
        const balance = body.currency === 'digital' ? left.digitalCredit : left.physicalCredit
        throw new AppError('InsufficientCredit', CONSOLE_REFUSALS.takeMoreThanBalance(balance, body.currency))
      }
    }
    await recordOperatorAction(trx, {
      operatorUserId,
      action: body.direction === 'grant' ? 'credit.grant' : 'credit.take',
      targetType: 'user',
      targetId: body.userId,
      reason,
      details: { currency: body.currency, amount: body.amount, ledgerReference: movement.reference },
    })
    const after = await balances(trx, body.userId)
    return { balances: { digital: after.digitalCredit, physical: after.physicalCredit } }
  })
}

/** Ends every live session of the traveller; answers the ended token hashes too, for every instance's cache. */
export function endSessions(
  db: Kysely<Database>,
  operatorUserId: string,
  userId: string,
  reason: string,
): Promise<EndSessionsResult & { endedSessions: string[] }> {
  const why = reasonOf(reason)
  return inTransaction(db, async (trx) => {
    await travellerIn(trx, userId)
    const endedSessions = await endAllSessionsOf(trx, userId)
    await recordOperatorAction(trx, {
      operatorUserId,
      action: 'sessions.end',
      targetType: 'user',
      targetId: userId,
      reason: why,
      details: { ended: endedSessions.length },
    })
    return { ended: endedSessions.length, endedSessions }
  })
}

/** Sends the traveller the forgotten-password e-mail (the same link and rules as when they ask for it). */
export function sendPasswordReset(
  db: Kysely<Database>,
  operatorUserId: string,
  userId: string,
  reason: string,
): Promise<null> {
  const why = reasonOf(reason)
  return inTransaction(db, async (trx) => {
    const user = await travellerIn(trx, userId)
    await recordPasswordReset(trx, user)
    await recordOperatorAction(trx, {
      operatorUserId,
      action: 'passwordReset.send',
      targetType: 'user',
      targetId: userId,
      reason: why,
    })
    return null
  })
}

export function replyToRequest(
  db: Kysely<Database>,
  operatorUserId: string,
  requestId: string,
  reply: string,
): Promise<ConsoleContentRequest> {
  return inTransaction(db, async (trx) => {
    const request = await replyToContentRequest(trx, requestId, reply)
    await recordOperatorAction(trx, {
      operatorUserId,
      action: 'contentRequest.reply',
      targetType: 'contentRequest',
      targetId: requestId,
      reason: '',
      details: { userId: request.userId, reply: request.reply },
    })
    return request
  })
}

export function markRequestDone(
  db: Kysely<Database>,
  operatorUserId: string,
  requestId: string,
): Promise<ConsoleContentRequest> {
  return inTransaction(db, async (trx) => {
    const request = await markContentRequestDone(trx, requestId)
    await recordOperatorAction(trx, {
      operatorUserId,
      action: 'contentRequest.done',
      targetType: 'contentRequest',
      targetId: requestId,
      reason: '',
      details: { userId: request.userId },
    })
    return request
  })
}
