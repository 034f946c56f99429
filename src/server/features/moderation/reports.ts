import type { Kysely, Transaction } from 'kysely'

import { MODERATION_TEXTS, type ReportBody, type ReportItemType, type ReportResult } from '@shared/moderation'

import type { Database } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { findCommentVisibleTo, findMemoryVisibleTo } from '../memories/moderation'

import * as queries from './queries'

/**
 * Reports (docs/product.md#reports-and-moderation, docs/security.md#reports-and-moderation): a traveller reports what
 * they can see and did not write, once per item. However many reports an item gets, it is one entry of the queue, and
 * nothing happens to it until a moderator acts: a ring of accounts reporting one item makes its entry's count grow,
 * never a second entry, and cannot hide anything by itself.
 */

/** The author of the item when `reporterId` may see it; a refusal otherwise. */
async function authorOf(
  trx: Transaction<Database>,
  reporterId: string,
  itemType: ReportItemType,
  itemId: string,
): Promise<string> {
  const notFound = new AppError('NotFound', MODERATION_TEXTS.notFound[itemType])
  switch (itemType) {
    case 'memory': {
      const memory = await findMemoryVisibleTo(trx, reporterId, itemId)
      if (!memory) throw notFound
      return memory.authorId
    }
    case 'comment': {
      const comment = await findCommentVisibleTo(trx, reporterId, itemId)
      if (!comment) throw notFound
      return comment.authorId
    }
    case 'traveller': {
      const traveller = await queries.findTraveller(trx, itemId)
      if (!traveller) throw notFound
      return traveller.id
    }
  }
}

export async function reportItem(db: Kysely<Database>, reporterId: string, body: ReportBody): Promise<ReportResult> {
  const note = body.note?.trim() ?? ''
  return inTransaction(db, async (trx) => {
    const authorId = await authorOf(trx, reporterId, body.itemType, body.itemId)
    if (authorId === reporterId) throw new AppError('RuleViolation', MODERATION_TEXTS.ownItem)
    const at = nowIso()
    const added = await queries.insertReport(trx, {
      id: newId(),
      reporter_id: reporterId,
      item_type: body.itemType,
      item_id: body.itemId,
      reason: body.reason,
      note: note === '' ? null : note,
      created_at: at,
      resolved_at: null,
      outcome: null,
    })
    if (!added) throw new AppError('Conflict', MODERATION_TEXTS.alreadyReported)
    await queries.upsertQueueItem(trx, { id: newId(), itemType: body.itemType, itemId: body.itemId, authorId, at })
    return { message: MODERATION_TEXTS.reported }
  })
}
