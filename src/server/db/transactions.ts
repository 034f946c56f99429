import { setTimeout as sleep } from 'node:timers/promises'

import type { Kysely, Transaction } from 'kysely'

import { isTransientConflict } from '../lib/databaseErrors'

import { CommitGroups } from './commitGroups'
import { isPostgres } from './dialect'
import type { Database } from './schema'

/** Attempts of one transaction that PostgreSQL ends as a deadlock or a serialization failure, the first included. */
export const TRANSACTION_ATTEMPTS = 4

/**
 * Runs `work` in one transaction, again from the start when PostgreSQL chose it as a deadlock's victim or refused it
 * as a serialization failure (docs/security.md#locks): such a transaction did nothing, and running it again answers
 * as if it had come a moment later. `work` must do nothing outside the database, so that a second run is safe.
 * SQLite runs one transaction at a time and never ends one this way; there, transactions that arrive together share
 * one commit (commitGroups.ts).
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return commitGroupsOf(db).run(work)
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work)
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error
      // A random pause, longer each time, so the two sides of a deadlock do not meet again at once.
      await sleep(Math.random() * 20 * attempt)
    }
  }
}

/** Each SQLite database's commit groups, made with its first transaction. */
const commitGroups = new WeakMap<Kysely<Database>, CommitGroups>()

function commitGroupsOf(db: Kysely<Database>): CommitGroups {
  let groups = commitGroups.get(db)
  if (!groups) {
    groups = new CommitGroups(db)
    commitGroups.set(db, groups)
  }
  return groups
}

/** Whether the database takes row locks (`FOR UPDATE`): PostgreSQL does; SQLite locks the whole file for a writer. */
export function takesRowLocks(db: Kysely<Database> | Transaction<Database>): boolean {
  return isPostgres(db)
}
