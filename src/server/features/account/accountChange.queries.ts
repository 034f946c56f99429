import type { Kysely, Transaction } from 'kysely'

import type { Database, EmailChangesTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export function findPasswordHash(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['password_hash', 'email', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

export async function revokeOtherLiveSessionsOf(
  db: Db,
  userId: string,
  keptTokenHash: string,
  at: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keptTokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('token_hash')
    .execute()
  return rows.map((row) => row.token_hash)
}

export async function updateEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute()
}

export async function insertEmailChange(db: Db, change: EmailChangesTable): Promise<void> {
  await db.insertInto('email_changes').values(change).execute()
}

export async function voidUndoLinksOf(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ undo_token_hash: null })
    .where('user_id', '=', userId)
    .where('undone_at', 'is', null)
    .where('undo_token_hash', 'is not', null)
    .execute()
}

export function findEmailChangeByToken(db: Db, tokenHash: string) {
  return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

export function findEmailChangeByUndoToken(db: Db, undoTokenHash: string) {
  return db.selectFrom('email_changes').selectAll().where('undo_token_hash', '=', undoTokenHash).executeTakeFirst()
}

export async function confirmEmailChange(
  db: Db,
  change: { id: string; at: string; undoTokenHash: string; undoExpiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ confirmed_at: change.at, undo_token_hash: change.undoTokenHash, undo_expires_at: change.undoExpiresAt })
    .where('id', '=', change.id)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', change.at)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function undoEmailChange(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ undone_at: at })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .where('undo_expires_at', '>', at)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
