import { dictionary } from '@zxcvbn-ts/language-common'

import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH, PASSWORD_RESET_TEXTS } from '@shared/session'

import { AppError } from '../../lib/errors'

/**
 * The common-password list of zxcvbn-ts (about 49,000 passwords from breach corpora, docs/decisions.md), lower-cased
 * once: a password is refused whatever its case. Built on first use, so a server that never sets a password pays
 * nothing for it.
 */
let commonPasswords: Set<string> | null = null
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  return commonPasswords.has(password.toLowerCase())
}

/**
 * NIST SP 800-63B for a password the traveller chooses: 8 to 128 characters, counted as Unicode code points (an emoji
 * is one), refused if it is a common password; no rules on which kinds of characters it holds.
 */
export function checkNewPassword(password: string, texts: PasswordRuleTexts = PASSWORD_RESET_TEXTS): void {
  const length = Array.from(password).length
  if (length < NEW_PASSWORD_MIN_LENGTH) throw new AppError('BadRequest', texts.tooShort)
  if (length > NEW_PASSWORD_MAX_LENGTH) throw new AppError('BadRequest', texts.tooLong)
  if (isCommon(password)) throw new AppError('BadRequest', texts.tooCommon)
}

/** What a refusal says: a reset speaks of the "new password", a sign-up of "your password". */
type PasswordRuleTexts = Record<'tooShort' | 'tooLong' | 'tooCommon', string>
