import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

import { PRODUCT_NAME } from '@shared/constants'

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30
const DIGITS = 6

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export interface Enrolment {
  uri: string
  secret: string
  qrSvg: string
}

/** The otpauth:// URI an authenticator app scans, and the same as an SVG QR code drawn on the server. */
export async function enrolmentOf(secretBase32: string, label: string): Promise<Enrolment> {
  const uri = totpOf(secretBase32, label).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { uri, secret: secretBase32, qrSvg }
}

/**
 * The time-step a code belongs to, when it is the code of the current step or of the one before or after (a clock a
 * little off, a code typed as it turned); null when it matches none.
 */
export function stepOfCode(secretBase32: string, code: string, at: Date): number | null {
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(code)) return null
  const totp = totpOf(secretBase32, '')
  const timestamp = at.getTime()
  const delta = totp.validate({ token: code, timestamp, window: 1 })
  if (delta === null) return null
  return totp.counter({ timestamp }) + delta
}
