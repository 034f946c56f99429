import type { Kysely, Transaction } from 'kysely'

import { notBlockedWith } from '../../db/blocks'
import { commentNotModeratedFor } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'

import { selectMemoriesWithCards, visibleTo } from './queries'

/** The SQL of moderation.ts (docs/product.md#reports-and-moderation). */

type Reader = Kysely<Database> | Transaction<Database>

/** A comment with the memory it is on, when `viewerId` sees both. */
export function findCommentVisibleTo(db: Reader, viewerId: string, commentId: string) {
  return selectMemoriesWithCards(db)
    .innerJoin('memory_comments', 'memory_comments.memory_id', 'memories.id')
    .select(['memory_comments.id', 'memory_comments.user_id as authorId', 'memories.id as memoryId'])
    .where('memory_comments.id', '=', commentId)
    .where(visibleTo(viewerId))
    .where(notBlockedWith(viewerId, 'memory_comments.user_id'))
    .where(commentNotModeratedFor(viewerId, nowIso()))
    .executeTakeFirst()
}

/** A memory as a moderator reads it, whatever its setting or state. */
export function findMemoryForModeration(db: Reader, memoryId: string) {
  return selectMemoriesWithCards(db)
    .select([
      'memories.id',
      'memories.user_id as authorId',
      'memories.content',
      'memories.visibility',
      'memories.created_at as createdAt',
      'memories.hidden_at as hiddenAt',
      'card_sets.name as cardName',
    ])
    .where('memories.id', '=', memoryId)
    .executeTakeFirst()
}

/** A comment as a moderator reads it, whatever its state. */
export function findCommentForModeration(db: Reader, commentId: string) {
  return db
    .selectFrom('memory_comments')
    .select([
      'id',
      'memory_id as memoryId',
      'user_id as authorId',
      'content',
      'created_at as createdAt',
      'hidden_at as hiddenAt',
    ])
    .where('id', '=', commentId)
    .executeTakeFirst()
}

export function countMemoriesOf(db: Reader, userId: string) {
  return db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
}

/** Hides the memory unless it is hidden already; answers whether it changed. */
export async function hideMemory(db: Reader, memoryId: string, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('memories')
    .set({ hidden_at: at, hidden_reason: reason })
    .where('id', '=', memoryId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Hides the comment unless it is hidden already; answers whether it changed. */
export async function hideComment(db: Reader, commentId: string, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('memory_comments')
    .set({ hidden_at: at, hidden_reason: reason })
    .where('id', '=', commentId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
