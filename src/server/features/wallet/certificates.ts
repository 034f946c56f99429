import type { Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { newId, randomCode } from '../../lib/random'

import type { CreditCurrency } from './ledger'
import { insertCertificateOnce } from './queries'

/** 16 characters from a 31-letter alphabet: about 79 bits, far beyond guessing under the redeem rate limit. */
const REDEEM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const REDEEM_CODE_GROUPS = 4

export function newRedeemCode(): string {
  return Array.from({ length: REDEEM_CODE_GROUPS }, () => randomCode(REDEEM_CODE_ALPHABET, 4)).join('-')
}

/** Codes are typed by people: case, spaces and missing dashes are forgiven. Null when it cannot be a code. */
export function normalizeRedeemCode(input: string): string | null {
  const characters = input.toUpperCase().replace(/[^0-9A-Z]/g, '')
  if (characters.length !== REDEEM_CODE_GROUPS * 4) return null
  return Array.from({ length: REDEEM_CODE_GROUPS }, (_, group) => characters.slice(group * 4, group * 4 + 4)).join('-')
}

export interface NewCertificate {
  userId: string
  creditValue: number
  currency?: CreditCurrency
  /** welcome | invitation | draw */
  source: string
  /** With source, unique: issuing twice for the same source is a no-op. */
  sourceRef: string
}

/** Puts a credit certificate in a user's wallet, once per (source, sourceRef). Returns its code, or null if it already existed. */
export async function issueCertificate(
  trx: Transaction<Database>,
  certificate: NewCertificate,
): Promise<{ id: string; redeemCode: string } | null> {
  const id = newId()
  const redeemCode = newRedeemCode()
  const inserted = await insertCertificateOnce(trx, {
    id,
    user_id: certificate.userId,
    currency: certificate.currency ?? 'digital',
    credit_value: certificate.creditValue,
    redeem_code: redeemCode,
    source: certificate.source,
    source_ref: certificate.sourceRef,
    created_at: nowIso(),
    redeemed_at: null,
  })
  return inserted ? { id, redeemCode } : null
}
