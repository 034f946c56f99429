import { sql, type Kysely, type Transaction } from 'kysely'

import { TRAVELLER_PAGE_ROWS, TRAVELLER_SEARCH_MAX_RESULTS } from '@shared/console'

import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** `text` for a LIKE pattern that matches it literally, with `\` as the escape. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * Travellers (never a deleted account's tombstone) whose friend code is `q`, or whose e-mail or username is or starts
 * with it (case-insensitive): exact matches first.
 */
export function searchTravellers(db: Db, q: string) {
  const lower = q.toLowerCase()
  const prefix = `${literal(lower)}%`
  const exact = sql<boolean>`(friend_code = ${q.toUpperCase()} OR email = ${lower} OR lower(username) = ${lower})`
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'friend_code', 'created_at'])
    .where('closed_at', 'is', null)
    .where(sql<boolean>`(${exact} OR email LIKE ${prefix} ESCAPE '\\' OR lower(username) LIKE ${prefix} ESCAPE '\\')`)
    .orderBy(sql`CASE WHEN ${exact} THEN 0 ELSE 1 END`)
    .orderBy('username')
    .limit(TRAVELLER_SEARCH_MAX_RESULTS)
    .execute()
}

export function findTraveller(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'friend_code',
      'created_at',
      'email_verified_at',
      'digital_credit',
      'physical_credit',
    ])
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
}

export function findLedger(db: Db, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'created_at', 'currency', 'amount', 'reason', 'reference'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TRAVELLER_PAGE_ROWS)
    .execute()
}

export function findPayments(db: Db, userId: string) {
  return db
    .selectFrom('payments')
    .select([
      'id',
      'created_at',
      'provider',
      'amount_cents',
      'currency',
      'credit_value',
      'fulfilled_at',
      'refused_at',
      'refunded_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TRAVELLER_PAGE_ROWS)
    .execute()
}

export function findCertificates(db: Db, userId: string) {
  return db
    .selectFrom('credit_certificates')
    .select(['id', 'created_at', 'currency', 'credit_value', 'source', 'redeemed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TRAVELLER_PAGE_ROWS)
    .execute()
}

export function findDraws(db: Db, userId: string) {
  return db
    .selectFrom('draw_transactions')
    .select(['id', 'created_at', 'kind', 'price'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TRAVELLER_PAGE_ROWS)
    .execute()
}

export function findLiveSessions(db: Db, userId: string, at: string) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .limit(TRAVELLER_PAGE_ROWS)
    .execute()
}
