import type { Transaction } from 'kysely'

import type { ModerationActionBody, ModerationActionResult, ModerationOutcome, UnsuspendBody } from '@shared/moderation'

import type { Database, ModerationItemType } from '../../db/schema'
import { now } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { commentForModeration, hideComment, hideMemory, memoryBasicsForModeration } from '../memories/moderation'
import { notificationLinks, redactNotifications } from '../notifications/service'
import { recordOperatorAction } from '../operator/auditLog'
import { endAllSessionsOf } from '../session/service'

import { itemLink, NOTICES, tell } from './notices'
import * as queries from './queries'

/**
 * A moderator's actions on a queue entry (docs/product.md#reports-and-moderation): dismiss, hide the item, warn or
 * suspend its author. Each one, in one transaction: resolves the entry at the version the moderator saw (a second,
 * concurrent action finds it changed and changes nothing), does what it says, answers the item's reports and tells
 * their reporters, tells the author, and records itself in the audit log.
 */

const OUTCOME: Record<ModerationActionBody['action'], ModerationOutcome> = {
  dismiss: 'dismissed',
  hide: 'hidden',
  warn: 'warned',
  suspend: 'suspended',
}

export const ACTION_TEXTS = {
  queueItemNotFound: 'This queue item was not found.',
  conflict: 'Another moderator has acted on this item since you loaded it. Reload the queue to see what was done.',
  deleted: {
    memory: 'This memory was deleted since it was reported. Dismiss its reports instead.',
    comment: 'This comment was deleted since it was reported. Dismiss its reports instead.',
    traveller: 'This account was deleted since it was reported. Dismiss its reports instead.',
  } satisfies Record<ModerationItemType, string>,
  travellerNotHidden: 'A traveller cannot be hidden: warn or suspend them instead.',
  notSuspended: 'This traveller is not suspended.',
  travellerNotFound: 'Traveller not found.',
}

/** What the item is now, for the action and the notifications; null when it was deleted. */
async function itemNow(
  trx: Transaction<Database>,
  reported: { itemType: ModerationItemType; itemId: string },
): Promise<{ memoryId: string | null; cardName: string | null; commentContent: string | null } | null> {
  switch (reported.itemType) {
    case 'memory': {
      const memory = await memoryBasicsForModeration(trx, reported.itemId)
      return memory && { memoryId: memory.memoryId, cardName: memory.cardName, commentContent: null }
    }
    case 'comment': {
      const comment = await commentForModeration(trx, reported.itemId)
      return comment ? { memoryId: comment.memoryId, cardName: null, commentContent: comment.content } : null
    }
    case 'traveller': {
      const traveller = await queries.findTraveller(trx, reported.itemId)
      return traveller ? { memoryId: null, cardName: null, commentContent: null } : null
    }
  }
}

/** The longest a comment's quote in a notification is (notifications quote 79 characters and an ellipsis). */
const QUOTED_LENGTH = 79

export async function actOnQueueItem(
  trx: Transaction<Database>,
  operatorId: string,
  body: ModerationActionBody,
): Promise<{ result: ModerationActionResult; endedSessions: string[] }> {
  const entry = await queries.findQueueItem(trx, body.queueItemId)
  if (!entry) throw new AppError('NotFound', ACTION_TEXTS.queueItemNotFound)
  if (entry.status !== 'open' || entry.version !== body.version) throw new AppError('Conflict', ACTION_TEXTS.conflict)
  if (body.action === 'hide' && entry.itemType === 'traveller') {
    throw new AppError('BadRequest', ACTION_TEXTS.travellerNotHidden)
  }
  const item = await itemNow(trx, entry)
  if (!item && body.action !== 'dismiss') throw new AppError('NotFound', ACTION_TEXTS.deleted[entry.itemType])

  const outcome = OUTCOME[body.action]
  const at = now()
  const atIso = at.toISOString()
  const reason = body.reason.trim()
  if (!(await queries.resolveQueueItem(trx, entry.id, entry.version, { outcome, operatorId, at: atIso }))) {
    throw new AppError('Conflict', ACTION_TEXTS.conflict)
  }

  let endedSessions: string[] = []
  const link = itemLink(entry.itemType, entry.itemId, item?.memoryId ?? null)
  if (item) {
    switch (body.action) {
      case 'dismiss':
        break
      case 'hide':
        if (entry.itemType === 'memory') {
          await hideMemory(trx, entry.itemId, reason, atIso)
          await tell(trx, entry.authorId, NOTICES.memoryHidden(item.cardName ?? '', reason), link)
        } else {
          await hideComment(trx, entry.itemId, reason, atIso)
          if (item.memoryId && item.commentContent) {
            await redactNotifications(
              trx,
              notificationLinks.memoryComments(item.memoryId),
              `"${item.commentContent.slice(0, QUOTED_LENGTH)}`,
              NOTICES.commentRemoved,
            )
          }
          await tell(trx, entry.authorId, NOTICES.commentHidden(reason), link)
        }
        break
      case 'warn':
        await queries.insertWarning(trx, {
          id: newId(),
          user_id: entry.authorId,
          reason,
          item_type: entry.itemType,
          item_id: entry.itemId,
          created_by: operatorId,
          created_at: atIso,
        })
        await tell(trx, entry.authorId, NOTICES.warned(reason), link)
        break
      case 'suspend': {
        const endsAt = body.days === undefined ? null : new Date(at.getTime() + body.days * 86_400_000).toISOString()
        await queries.insertSuspension(trx, {
          id: newId(),
          user_id: entry.authorId,
          starts_at: atIso,
          ends_at: endsAt,
          reason,
          created_by: operatorId,
          lifted_at: null,
          lifted_by: null,
        })
        endedSessions = await endAllSessionsOf(trx, entry.authorId)
        await tell(
          trx,
          entry.authorId,
          NOTICES.suspended(endsAt?.slice(0, 10) ?? null, reason),
          notificationLinks.notifications,
        )
        break
      }
    }
  }

  const reporters = await queries.resolveReports(trx, entry, outcome, atIso)
  // A hidden item's page shows nothing to its reporters: their notification opens the notifications.
  const reporterLink = body.action === 'hide' ? notificationLinks.notifications : link
  for (const reporterId of reporters) {
    await tell(trx, reporterId, NOTICES.reportAnswered(entry.itemType, outcome), reporterLink)
  }
  await recordOperatorAction(trx, {
    operatorUserId: operatorId,
    action: `report.${body.action}`,
    targetType: entry.itemType === 'traveller' ? 'user' : entry.itemType,
    targetId: entry.itemId,
    reason,
    details: {
      queueItemId: entry.id,
      authorId: entry.authorId,
      reports: reporters.length,
      ...(body.action === 'suspend' ? { days: body.days ?? null } : {}),
    },
  })
  return { result: { outcome, reportsResolved: reporters.length }, endedSessions }
}

/** Lifts the traveller's suspension in force; refused when there is none. */
export async function unsuspend(trx: Transaction<Database>, operatorId: string, body: UnsuspendBody): Promise<null> {
  const reason = body.reason.trim()
  if (!(await queries.findTraveller(trx, body.userId))) throw new AppError('NotFound', ACTION_TEXTS.travellerNotFound)
  const lifted = await queries.liftSuspensions(trx, body.userId, operatorId, now().toISOString())
  if (lifted === 0) throw new AppError('Conflict', ACTION_TEXTS.notSuspended)
  await tell(trx, body.userId, NOTICES.unsuspended, notificationLinks.notifications)
  await recordOperatorAction(trx, {
    operatorUserId: operatorId,
    action: 'report.unsuspend',
    targetType: 'user',
    targetId: body.userId,
    reason,
  })
  return null
}
