import type { Kysely, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { notBlockedWith } from '../../db/blocks'
import { commentNotModeratedFor, memoryShownToEveryone } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'

import { selectMemoriesWithCards, visibleTo } from './queries'

/** The SQL of readModel.ts: a page of memories with their tags, likes and comments. */

type Reader = Kysely<Database> | Transaction<Database>

export function findMemoryIdOfUserCard(db: Reader, viewerId: string, userCardId: string) {
  return db
    .selectFrom('memories')
    .select('memories.id')
    .where('memories.user_card_id', '=', userCardId)
    .where(visibleTo(viewerId))
    .executeTakeFirst()
}

/** Everything a Memory shows except pictures, tags, likes and comments, for a page of ids. */
export function listMemoryRows(db: Reader, memoryIds: string[]) {
  return selectMemoriesWithCards(db)
    .innerJoin('users', 'users.id', 'memories.user_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select([
      'memories.id',
      'memories.user_id as authorId',
      'memories.user_card_id as userCardId',
      'memories.start_date as startDate',
      'memories.end_date as endDate',
      'memories.content',
      'memories.visibility',
      'memories.created_at as createdAt',
      'memories.updated_at as updatedAt',
      'users.username',
      'users.avatar_id as avatarId',
      'users.experience',
      'user_cards.created_at as userCardCreatedAt',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.name as cardName',
      'card_sets.description as cardDescription',
      'collections.id as collectionId',
      'collections.name as collectionName',
    ])
    .where('memories.id', 'in', memoryIds)
    .execute()
}

/** Tags, likes and comments leave out travellers `viewerId` blocked or was blocked by (docs/security.md#blocking). */
export function listTags(db: Reader, viewerId: string, memoryIds: string[]) {
  return db
    .selectFrom('memory_tags')
    .innerJoin('users', 'users.id', 'memory_tags.user_id')
    .select(['memory_tags.memory_id as memoryId', 'users.id as userId', 'users.username'])
    .where('memory_tags.memory_id', 'in', memoryIds)
    .where(notBlockedWith(viewerId, 'memory_tags.user_id'))
    .orderBy('users.username')
    .execute()
}

export function listLikedBy(db: Reader, userId: string, memoryIds: string[]) {
  return db
    .selectFrom('memory_likes')
    .select('memory_id as memoryId')
    .where('user_id', '=', userId)
    .where('memory_id', 'in', memoryIds)
    .execute()
}

/** The comments `viewerId` sees on each memory. */
export function countComments(db: Reader, viewerId: string, memoryIds: string[]) {
  return db
    .selectFrom('memory_comments')
    .select(['memory_id as memoryId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('memory_id', 'in', memoryIds)
    .where(notBlockedWith(viewerId, 'memory_comments.user_id'))
    .where(commentNotModeratedFor(viewerId, nowIso()))
    .groupBy('memory_id')
    .execute()
}

/** Shown comments per memory; older ones beyond this are still counted. */
const COMMENTS_SHOWN = 500

export function listComments(db: Reader, viewerId: string, memoryId: string) {
  return db
    .selectFrom('memory_comments')
    .innerJoin('users', 'users.id', 'memory_comments.user_id')
    .select([
      'memory_comments.id',
      'memory_comments.user_id as userId',
      'memory_comments.reply_to_comment_id as replyToCommentId',
      'memory_comments.content',
      'memory_comments.created_at as createdAt',
      'users.username',
      'users.avatar_id as avatarId',
      'users.experience',
    ])
    .where('memory_comments.memory_id', '=', memoryId)
    .where(notBlockedWith(viewerId, 'memory_comments.user_id'))
    .where(commentNotModeratedFor(viewerId, nowIso()))
    .orderBy('memory_comments.created_at')
    .orderBy('memory_comments.id')
    .limit(COMMENTS_SHOWN)
    .execute()
}

export function listOwnMemoryIds(db: Reader, userId: string) {
  return db
    .selectFrom('memories')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** One author's memories that `viewerId` may see, newest first, and how many there are in all. */
export function listAuthorMemoryIdsVisibleTo(db: Reader, viewerId: string, authorId: string, limit: number) {
  return db
    .selectFrom('memories')
    .select('id')
    .where('user_id', '=', authorId)
    .where(visibleTo(viewerId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export async function countAuthorMemoriesVisibleTo(db: Reader, viewerId: string, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', authorId)
    .where(visibleTo(viewerId))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function listVisibleMemoryIds(db: Reader, viewerId: string, memoryIds: string[]) {
  return db
    .selectFrom('memories')
    .select('memories.id')
    .where('memories.id', 'in', memoryIds)
    .where(visibleTo(viewerId))
    .execute()
}

/** Of `memoryIds`, the Public ones shown to visitors (share pages): neither hidden nor by a suspended author. */
export function listPublicMemoryIds(db: Reader, memoryIds: string[]) {
  return db
    .selectFrom('memories')
    .select('memories.id')
    .where('memories.id', 'in', memoryIds)
    .where('memories.visibility', '=', VISIBILITY.Public)
    .where(memoryShownToEveryone(nowIso()))
    .execute()
}
