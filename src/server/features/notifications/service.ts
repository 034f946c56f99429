import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

/** Tells a user something. Every feature that notifies goes through here, inside its own transaction. */
export async function notify(
  trx: Kysely<Database> | Transaction<Database>,
  userId: string,
  title: string,
  content: string,
): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({ id: newId(), user_id: userId, title, content, created_at: nowIso(), read_at: null })
    .execute()
}

export async function hasUnread(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return row != null
}

const NOTIFICATION_PAGE = 100

export async function listNotifications(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'title', 'content', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATION_PAGE)
    .execute()
  return rows.map((row) => ({
    notificationId: row.id,
    title: row.title,
    notificationContent: row.content,
    createdAt: row.created_at,
    read: row.read_at != null,
  }))
}

export async function readNotification(db: Kysely<Database>, userId: string, notificationId: string): Promise<null> {
  const found = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!found) throw new AppError('NotFound', 'Notification not found.')
  if (found.read_at == null) {
    await db
      .updateTable('notifications')
      .set({ read_at: nowIso() })
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .execute()
  }
  return null
}
