import { sql, type Kysely, type Transaction } from 'kysely'

import { notBlockedWith } from '../../db/blocks'
import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import type { Database, NotificationsTable } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export async function insertNotification(db: Db, notification: NotificationsTable): Promise<void> {
  await db.insertInto('notifications').values(notification).execute()
}

const firstUnread = compiledOnce((db, value: ValueOf<{ userId: string }>) =>
  db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', value('userId'))
    .where('read_at', 'is', null)
    .where(notBlockedWith(value('userId'), 'notifications.actor_id'))
    .limit(1),
)

/** An unread notification of the user's, if any: what the app polls for, every few seconds per open tab. */
export async function findUnread(db: Db, userId: string) {
  const [unread] = await firstUnread(db, { userId })
  return unread
}

/** The user's newest notifications first, at most `limit`; none caused by a traveller blocked either way. */
export function listNotifications(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'title', 'content', 'created_at', 'read_at', 'link'])
    .where('user_id', '=', userId)
    .where(notBlockedWith(userId, 'notifications.actor_id'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export function findNotification(db: Db, userId: string, notificationId: string) {
  return db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function markRead(db: Db, userId: string, notificationId: string, readAt: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .execute()
}

/** Marks every unread notification of the user read; answers how many were unread. */
export async function markAllRead(db: Db, userId: string, readAt: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Notifications opening `link` whose text contains `quoted` get `replacement` as their text; answers how many. */
export async function redactNotifications(db: Db, link: string, quoted: string, replacement: string): Promise<number> {
  const escaped = quoted.replace(/[\\%_]/g, (character) => `\\${character}`)
  const result = await db
    .updateTable('notifications')
    .set({ content: replacement })
    .where('link', '=', link)
    .where(sql<boolean>`content LIKE ${`%${escaped}%`} ESCAPE '\\'`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
