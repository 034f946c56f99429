import crypto from 'node:crypto'

import type { Transaction } from 'kysely'

import { USERNAME_MAX_LENGTH } from '@shared/constants'

import type { Database } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { checkScripts, normalizeUsername, usernameSkeleton } from '../../lib/usernames'

import * as queries from './queries'

/** What may be in a username once normalised: letters, digits, spaces, dots, dashes and underscores. */
const USERNAME_CHARACTERS = /^[\p{L}\p{N}._ -]+$/u

export const USERNAME_RULE = `Usernames have 1 to ${USERNAME_MAX_LENGTH} characters: letters, digits, spaces, dots, dashes or underscores.`
export const USERNAME_UNSUPPORTED_LETTERS =
  'This username uses letters usernames cannot have. Please write it in a common alphabet, such as Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Chinese, Japanese or Korean.'

export function usernameTaken(username: string): string {
  return `The username ${username} is already taken.`
}

export function usernameLooksTaken(username: string): string {
  return `The username ${username} looks the same as another traveller's. Please choose another.`
}

export function usernameMixesScripts(scripts: string[]): string {
  const named = scripts.length > 1 ? `${scripts.slice(0, -1).join(', ')} and ${scripts.at(-1) ?? ''}` : scripts.join('')
  return `This username mixes ${named} letters. Please write it in one alphabet.`
}

/** A username a traveller chose, as it is stored: normalised, and refused with a message saying why when it may not be one. */
export function chosenUsername(typed: string): { username: string; skeleton: string } {
  const username = normalizeUsername(typed)
  if (Array.from(username).length > USERNAME_MAX_LENGTH || !USERNAME_CHARACTERS.test(username))
    throw new AppError('BadRequest', USERNAME_RULE)
  const scripts = checkScripts(username)
  if (!scripts.ok)
    throw new AppError(
      'BadRequest',
      'mixes' in scripts ? usernameMixesScripts(scripts.mixes) : USERNAME_UNSUPPORTED_LETTERS,
    )
  return { username, skeleton: usernameSkeleton(username) }
}

/**
 * Refuses a username another account has, in any case, or one that looks the same (the same skeleton). The unique
 * indexes decide between two requests at once; this gives the answer that names what is wrong.
 */
export async function refuseTakenUsername(
  trx: Transaction<Database>,
  name: { username: string; skeleton: string },
  exceptUserId?: string,
): Promise<void> {
  if (await queries.findUserIdByUsername(trx, name.username, exceptUserId))
    throw new AppError('Conflict', usernameTaken(name.username))
  if (await queries.findUserIdBySkeleton(trx, name.skeleton, exceptUserId))
    throw new AppError('Conflict', usernameLooksTaken(name.username))
}

/** Stands in for an e-mail's local part that cannot be a username (no letters left, several scripts). */
const FALLBACK_USERNAME = 'traveller'

/**
 * The username a registration starts with, from the e-mail's local part (SPEC: the name sent at registration):
 * normalised, only the characters a username may have, at most 20; `traveller` when nothing usable is left or it
 * mixes scripts.
 */
export function baseUsername(name: string): string {
  const cleaned = normalizeUsername(name)
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .slice(0, USERNAME_MAX_LENGTH)
  return cleaned && checkScripts(cleaned).ok ? cleaned : FALLBACK_USERNAME
}

/**
 * `base`, or with a number after it, that no account has or looks like; the unique indexes still decide a race, which
 * registration answers by asking to try again.
 */
export async function uniqueUsername(
  trx: Transaction<Database>,
  base: string,
): Promise<{ username: string; skeleton: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const suffix = attempt === 0 ? '' : String(attempt < 10 ? attempt + 1 : crypto.randomInt(1000, 999_999))
    const username =
      Array.from(base)
        .slice(0, USERNAME_MAX_LENGTH - suffix.length)
        .join('') + suffix
    const skeleton = usernameSkeleton(username)
    if (!(await queries.findUserIdByUsername(trx, username)) && !(await queries.findUserIdBySkeleton(trx, skeleton)))
      return { username, skeleton }
  }
  throw new AppError('Conflict', 'Could not find a free username. Please try again.')
}
