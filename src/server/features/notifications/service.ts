import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

import * as queries from './queries'

/** The screens a notification can open, as the app's paths (docs/product.md#routes). */
export const notificationLinks = {
  memory: (memoryId: string) => `/viewMemory/${encodeURIComponent(memoryId)}`,
  memoryComments: (memoryId: string) => `/viewMemory/${encodeURIComponent(memoryId)}/comments`,
  userCard: (userCardId: string) => `/userCard/${encodeURIComponent(userCardId)}`,
  friends: '/myFriends',
  wallet: '/myWallet',
  requestNewContent: '/requestNewContent',
} as const

/**
 * Tells a user something, with the screen it is about. Every feature that notifies goes through here, inside its own
 * transaction.
 */
export async function notify(
  trx: Kysely<Database> | Transaction<Database>,
  userId: string,
  title: string,
  content: string,
  link: string,
): Promise<void> {
  await queries.insertNotification(trx, {
    id: newId(),
    user_id: userId,
    title,
    content,
    created_at: nowIso(),
    read_at: null,
    link,
  })
}

export async function hasUnread(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await queries.findUnread(db, userId)) != null
}

const NOTIFICATION_PAGE = 100

export async function listNotifications(db: Kysely<Database>, userId: string) {
  const rows = await queries.listNotifications(db, userId, NOTIFICATION_PAGE)
  return rows.map((row) => ({
    notificationId: row.id,
    title: row.title,
    notificationContent: row.content,
    createdAt: row.created_at,
    read: row.read_at != null,
    link: row.link,
  }))
}

export async function readNotification(db: Kysely<Database>, userId: string, notificationId: string): Promise<null> {
  const found = await queries.findNotification(db, userId, notificationId)
  if (!found) throw new AppError('NotFound', 'Notification not found.')
  if (found.read_at == null) await queries.markRead(db, userId, notificationId, nowIso())
  return null
}

/** "Mark all as read": every unread notification of the user, at one time; already read ones keep their time. */
export async function readAllNotifications(db: Kysely<Database>, userId: string): Promise<null> {
  await queries.markAllRead(db, userId, nowIso())
  return null
}
