import type { Insertable, Kysely, Transaction } from 'kysely'

import { notBlockedWith } from '../../db/blocks'
import { commentNotModeratedFor } from '../../db/moderationFilters'
import type { Database, MemoryCommentsTable } from '../../db/schema'
import { nowIso } from '../../lib/clock'

/** The SQL of reactions.ts: likes and comments. */

type Reader = Kysely<Database> | Transaction<Database>

/** A comment on the memory that `viewerId` sees. */
export function findComment(db: Reader, viewerId: string, memoryId: string, commentId: string) {
  return db
    .selectFrom('memory_comments')
    .select(['id', 'user_id as userId'])
    .where('id', '=', commentId)
    .where('memory_id', '=', memoryId)
    .where(notBlockedWith(viewerId, 'memory_comments.user_id'))
    .where(commentNotModeratedFor(viewerId, nowIso()))
    .executeTakeFirst()
}

/** Adds the user's like once; answers false when it was already there. */
export async function insertLike(db: Reader, memoryId: string, userId: string, createdAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto('memory_likes')
    .values({ memory_id: memoryId, user_id: userId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['memory_id', 'user_id']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

export async function deleteLike(db: Reader, memoryId: string, userId: string): Promise<void> {
  await db.deleteFrom('memory_likes').where('memory_id', '=', memoryId).where('user_id', '=', userId).execute()
}

export async function insertComment(db: Reader, comment: Insertable<MemoryCommentsTable>): Promise<void> {
  await db.insertInto('memory_comments').values(comment).execute()
}
