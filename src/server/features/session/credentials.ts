import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

import * as queries from './queries'

/*
 * What a change of password or e-mail address (features/account) shares with getting into the account: the row that
 * serialises changes to it, the password and its open reset links, the sessions, the open e-mail change links that a
 * password reset cancels too. Session owns them, so a reset and a change keep one rule each.
 */

type Db = Kysely<Database> | Transaction<Database>

/** Locks the account's row for the transaction; false when the account is gone. */
export function lockAccountRow(trx: Transaction<Database>, userId: string): Promise<boolean> {
  return queries.lockUserRow(trx, userId)
}

export function findAccountById(db: Db, userId: string) {
  return queries.findUserById(db, userId)
}

/** The id of the account holding the address, if any. */
export function findAccountIdByEmail(db: Db, email: string) {
  return queries.findUserIdByEmail(db, email)
}

/** Sets a new password, which also uses up the links of open password resets: they were asked for the old one. */
export async function setPassword(trx: Transaction<Database>, userId: string, passwordHash: string, at: string) {
  await queries.updatePasswordHash(trx, userId, passwordHash)
  await queries.useOpenPasswordResetsOf(trx, userId, at)
}

/** Closes the account's e-mail change requests whose link to the new address was not used yet. */
export function cancelOpenEmailChanges(db: Db, userId: string, at: string): Promise<void> {
  return queries.cancelOpenEmailChangesOf(db, userId, at)
}
