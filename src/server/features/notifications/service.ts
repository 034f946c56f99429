import type { Kysely, Transaction } from 'kysely'

import { isBlockedEitherWay } from '../../db/blocks'
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
  friend: (userId: string) => `/friend/${encodeURIComponent(userId)}`,
  wallet: '/myWallet',
  notifications: '/notifications',
  requestNewContent: '/requestNewContent',
} as const

/**
 * Tells a user something, with the screen it is about. Every feature that notifies goes through here, inside its own
 * transaction. `actorId` names the traveller whose act it tells of: nothing is sent when the two blocked each other
 * either way, and a block made later hides what was sent (docs/security.md#blocking).
 */
export async function notify(
  trx: Kysely<Database> | Transaction<Database>,
  userId: string,
  title: string,
  content: string,
  link: string,
  actorId: string | null = null,
): Promise<void> {
  if (actorId != null && (await isBlockedEitherWay(trx, userId, actorId))) return
  await queries.insertNotification(trx, {
    id: newId(),
    user_id: userId,
    title,
    content,
    created_at: nowIso(),
    read_at: null,
    link,
    actor_id: actorId,
  })
}

/**
 * Rewrites the user's notifications that open `link` and quote `quoted` (a comment moderation hid) to `replacement`,
 * so the hidden words stay nowhere but with their author.
 */
export async function redactNotifications(
  trx: Kysely<Database> | Transaction<Database>,
  link: string,
  quoted: string,
  replacement: string,
): Promise<number> {
  return queries.redactNotifications(trx, link, quoted, replacement)
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
