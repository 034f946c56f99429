import type { Kysely } from 'kysely'

import type { ModerationContent, ModerationQueueResult, ReportReason } from '@shared/moderation'

import { findSuspensionInForce } from '../../db/moderationFilters'
import type { Database, ModerationItemType } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import type { PictureSigner } from '../../lib/pictureSigner'
import { commentForModeration, countMemoriesOf, memoryForModeration } from '../memories/moderation'

import * as queries from './queries'

/** Entries the queue shows at once, oldest first; acting on them brings the next ones. */
const QUEUE_PAGE = 50

/** The reported item in context as a moderator sees it: the memory (of a comment too) and the author's standing. */
async function contentOf(
  db: Kysely<Database>,
  signer: PictureSigner,
  entry: { itemType: ModerationItemType; itemId: string; authorId: string },
): Promise<ModerationContent> {
  const comment = entry.itemType === 'comment' ? await commentForModeration(db, entry.itemId) : undefined
  const memoryId = entry.itemType === 'memory' ? entry.itemId : (comment?.memoryId ?? null)
  const at = nowIso()
  const [memory, author, memoryCount, warningCount, suspension] = await Promise.all([
    memoryId ? memoryForModeration(db, signer, memoryId) : null,
    queries.findTraveller(db, entry.authorId),
    countMemoriesOf(db, entry.authorId),
    queries.countWarnings(db, entry.authorId),
    findSuspensionInForce(db, entry.authorId, at),
  ])
  const exists =
    entry.itemType === 'memory' ? memory !== null : entry.itemType === 'comment' ? comment !== undefined : !!author
  return {
    exists,
    authorId: entry.authorId,
    authorUsername: author?.username ?? '',
    memory: memory && {
      memoryId: memory.memoryId,
      cardName: memory.cardName,
      content: memory.content,
      visibility: memory.visibility,
      createdAt: memory.createdAt,
      hiddenAt: memory.hiddenAt,
      pictures: memory.pictures,
    },
    comment: comment
      ? { commentId: comment.id, content: comment.content, createdAt: comment.createdAt, hiddenAt: comment.hiddenAt }
      : null,
    traveller: {
      userId: entry.authorId,
      username: author?.username ?? '',
      createdAt: author?.createdAt ?? at,
      memoryCount,
      warningCount,
      suspendedUntil: suspension?.endsAt ?? null,
      suspendedForGood: suspension?.endsAt === null,
    },
  }
}

/** The open entries with their open reports and the content in context. */
export async function getModerationQueue(db: Kysely<Database>, signer: PictureSigner): Promise<ModerationQueueResult> {
  const entries = await queries.listOpenQueueItems(db, QUEUE_PAGE)
  const reports = await queries.listOpenReports(db, entries)
  const items = await Promise.all(
    entries.map(async (entry) => {
      const own = reports.filter((report) => report.itemType === entry.itemType && report.itemId === entry.itemId)
      return {
        queueItemId: entry.id,
        itemType: entry.itemType,
        itemId: entry.itemId,
        version: entry.version,
        reportCount: own.length,
        firstReportedAt: entry.firstReportedAt,
        lastReportedAt: entry.lastReportedAt,
        reports: own.map((report) => ({
          reportId: report.id,
          reporterUsername: report.reporterUsername,
          reason: report.reason as ReportReason,
          note: report.note,
          createdAt: report.createdAt,
        })),
        content: await contentOf(db, signer, entry),
      }
    }),
  )
  return { items }
}
