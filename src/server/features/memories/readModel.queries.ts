import type { Kysely, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { notBlockedWith } from '../../db/blocks'
import { compiledPerShape, rowValues, type RowValues, type ValueOf } from '../../db/compiledOnce'
import { jsonRowsOf } from '../../db/jsonRows'
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

/**
 * Everything a Memory shows but its comments, for a page of ids, as `viewerId` sees it, in one statement: the pictures
 * and tags as JSON arrays (read with `parsedJsonRows`), the likes and comments counted. Tags, likes and comments leave
 * out travellers `viewerId` blocked or was blocked by (docs/security.md#blocking).
 */
export async function listMemoriesSeenBy(db: Reader, viewerId: string, memoryIds: string[]) {
  const now = nowIso()
  const chunks: string[][] = []
  for (let start = 0; start < memoryIds.length; start += MEMORIES_PER_STATEMENT)
    chunks.push(memoryIds.slice(start, start + MEMORIES_PER_STATEMENT))
  const rows = await Promise.all(
    chunks.map((ids) =>
      memoriesSeenBy(db, String(ids.length), { viewerId, now, ...rowValues(ids.map((id) => ({ id }))) }),
    ),
  )
  return rows.flat()
}

/**
 * At most a feed page's worth of ids per statement: a screen that lists every memory of a traveller (My Memories, a
 * trip) reads them in statements of this many, so the compiled queries stay this few and this short.
 */
const MEMORIES_PER_STATEMENT = 50

/** Compiled once per page length: building this query took longer than running it (docs/benchmarks.md). */
const memoriesSeenBy = compiledPerShape(
  (db, value: ValueOf<{ viewerId: string; now: string } & RowValues<{ id: string }>>, shape) =>
    memoriesSeenByQuery(
      db,
      value('viewerId'),
      value('now'),
      Array.from({ length: Number(shape) }, (_, index) => value(`id${index}`)),
    ),
)

function memoriesSeenByQuery(db: Reader, viewerId: string, now: string, memoryIds: string[]) {
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
    .select((eb) => [
      jsonRowsOf(
        db,
        eb
          .selectFrom('memory_pictures')
          .select(['memory_pictures.file_name as fileName', 'memory_pictures.width', 'memory_pictures.height'])
          .whereRef('memory_pictures.memory_id', '=', 'memories.id')
          .orderBy('memory_pictures.position')
          .orderBy('memory_pictures.file_name'),
      ).as('pictures'),
      jsonRowsOf(
        db,
        eb
          .selectFrom('memory_tags')
          .innerJoin('users as tagged', 'tagged.id', 'memory_tags.user_id')
          .select(['tagged.id as userId', 'tagged.username'])
          .whereRef('memory_tags.memory_id', '=', 'memories.id')
          .where(notBlockedWith(viewerId, 'memory_tags.user_id'))
          .orderBy('tagged.username'),
      ).as('tags'),
      eb
        .selectFrom('memory_likes')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('memory_likes.memory_id', '=', 'memories.id')
        .where(notBlockedWith(viewerId, 'memory_likes.user_id'))
        .as('likes'),
      eb
        .exists(
          eb
            .selectFrom('memory_likes as own_like')
            .select('own_like.memory_id')
            .whereRef('own_like.memory_id', '=', 'memories.id')
            .where('own_like.user_id', '=', viewerId),
        )
        .as('liked'),
      eb
        .selectFrom('memory_comments')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('memory_comments.memory_id', '=', 'memories.id')
        .where(notBlockedWith(viewerId, 'memory_comments.user_id'))
        .where(commentNotModeratedFor(viewerId, now))
        .as('commentCount'),
    ])
    .where('memories.id', 'in', memoryIds)
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
