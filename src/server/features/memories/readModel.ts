import type { Kysely, Transaction } from 'kysely'

import { levelForExperience } from '@shared/constants'
import type { Comment, CommentReply, Memory } from '@shared/memories'

import { parsedJsonRows } from '../../db/jsonRows'
import type { Database } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'

import { signedPicture } from './pictures'
import { findVisibleMemory } from './queries'
import * as queries from './readModel.queries'

/** The memory read model: a memory as a viewer sees it, shared by memories, the feed and a copy's memory section. */

type Reader = Kysely<Database> | Transaction<Database>

export const NOT_VISIBLE = 'Memory not found.'

/** Fills in a page of memories as `viewerId` sees them, in the order of `memoryIds`. Visibility is checked by the caller. */
export async function hydrateMemories(
  db: Reader,
  signer: PictureSigner,
  viewerId: string,
  memoryIds: string[],
): Promise<Memory[]> {
  if (memoryIds.length === 0) return []
  const rows = await queries.listMemoriesSeenBy(db, viewerId, memoryIds)
  const byId = new Map(rows.map((row) => [row.id, row]))
  return memoryIds.flatMap((memoryId) => {
    const row = byId.get(memoryId)
    if (!row) return []
    const rarity = row.rarity
    const memory: Memory = {
      memoryId: row.id,
      userCardId: row.userCardId,
      userCard: {
        userCardId: row.userCardId,
        cardId: row.cardId,
        cardName: row.cardName,
        cardRarity: rarity,
        image: row.cardId,
        collectionId: row.collectionId,
        collectionName: row.collectionName,
        createdAt: row.userCardCreatedAt,
      },
      cardId: row.cardId,
      cardName: row.cardName,
      cardRarity: rarity,
      image: row.cardId,
      collectionId: row.collectionId,
      collectionName: row.collectionName,
      cardDescription: row.cardDescription,
      memoryStartDate: row.startDate ?? '',
      memoryEndDate: row.endDate ?? '',
      memoryContent: row.content,
      pictures: parsedJsonRows(row.pictures).map((picture) => signedPicture(signer, viewerId, picture)),
      taggedFriends: parsedJsonRows(row.tags).map((tag) => ({ userId: tag.userId, username: tag.username })),
      visibility: row.visibility,
      likes: row.likes ?? 0,
      // PostgreSQL answers a boolean, SQLite 1 or 0.
      liked: Boolean(row.liked),
      commentCount: row.commentCount ?? 0,
      comments: [],
      isOwner: row.authorId === viewerId,
      userId: row.authorId,
      username: row.username,
      avatarId: row.avatarId,
      userLevel: levelForExperience(row.experience).userLevel,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }
    return [memory]
  })
}

/**
 * Replies are one level deep: a reply to a reply is listed under the same top comment,
 * and keeps the comment it answers in replyToComment so the screen can say whom it answers.
 */
function threadComments(
  rows: Awaited<ReturnType<typeof queries.listComments>>,
  authorId: string,
  viewerId: string,
): Comment[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  const topOf = (id: string): string => {
    let current = byId.get(id)
    for (
      let hops = 0;
      current?.replyToCommentId && byId.has(current.replyToCommentId) && hops < rows.length;
      hops += 1
    ) {
      current = byId.get(current.replyToCommentId)
    }
    return current?.id ?? id
  }
  const toReply = (row: (typeof rows)[number]): CommentReply => {
    const target = row.replyToCommentId ? byId.get(row.replyToCommentId) : undefined
    return {
      memoryCommentId: row.id,
      commentContent: row.content,
      createdAt: row.createdAt,
      userId: row.userId,
      username: row.username,
      avatarId: row.avatarId,
      userLevel: levelForExperience(row.experience).userLevel,
      isAuthor: row.userId === authorId,
      isMine: row.userId === viewerId,
      replyToCommentId: target ? target.id : null,
      replyToComment: target ? { memoryCommentId: target.id, username: target.username } : null,
    }
  }
  const tops = new Map<string, Comment>()
  for (const row of rows) {
    const topId = row.replyToCommentId && byId.has(row.replyToCommentId) ? topOf(row.id) : row.id
    if (topId === row.id) tops.set(row.id, { ...toReply(row), replies: [] })
    else tops.get(topId)?.replies.push(toReply(row))
  }
  return [...tops.values()]
}

export async function getMemory(
  db: Kysely<Database>,
  signer: PictureSigner,
  viewerId: string,
  memoryId: string,
): Promise<Memory> {
  const visible = await findVisibleMemory(db, viewerId, memoryId)
  if (!visible) throw new AppError('NotFound', NOT_VISIBLE)
  const [memory] = await hydrateMemories(db, signer, viewerId, [memoryId])
  if (!memory) throw new AppError('NotFound', NOT_VISIBLE)
  const comments = await queries.listComments(db, viewerId, memoryId)
  return { ...memory, comments: threadComments(comments, visible.authorId, viewerId) }
}

/** Of `memoryIds`, those `viewerId` may see (their visibility, blocks and moderation), in no particular order. */
export async function filterVisibleMemoryIds(db: Reader, viewerId: string, memoryIds: string[]): Promise<string[]> {
  if (memoryIds.length === 0) return []
  return (await queries.listVisibleMemoryIds(db, viewerId, memoryIds)).map((row) => row.id)
}

/** Of `memoryIds`, those anyone holding a link may see (share pages), in no particular order. */
export async function filterPublicMemoryIds(db: Reader, memoryIds: string[]): Promise<string[]> {
  if (memoryIds.length === 0) return []
  return (await queries.listPublicMemoryIds(db, memoryIds)).map((row) => row.id)
}

export async function getMyMemories(db: Kysely<Database>, signer: PictureSigner, userId: string): Promise<Memory[]> {
  const ids = await queries.listOwnMemoryIds(db, userId)
  return hydrateMemories(
    db,
    signer,
    userId,
    ids.map((row) => row.id),
  )
}

/** The memory on a copy, as `viewerId` may see it (getUserCard's memory section), or null. */
export async function getMemoryOfUserCard(
  db: Kysely<Database>,
  signer: PictureSigner,
  viewerId: string,
  userCardId: string,
): Promise<Memory | null> {
  const found = await queries.findMemoryIdOfUserCard(db, viewerId, userCardId)
  if (!found) return null
  const [memory] = await hydrateMemories(db, signer, viewerId, [found.id])
  return memory ?? null
}

/** One author's memories as `viewerId` may see them (a friend's page): the newest `limit`, and how many in all. */
export async function getMemoriesOfAuthor(
  db: Kysely<Database>,
  signer: PictureSigner,
  viewerId: string,
  authorId: string,
  limit: number,
): Promise<{ memories: Memory[]; total: number }> {
  const [ids, total] = await Promise.all([
    queries.listAuthorMemoryIdsVisibleTo(db, viewerId, authorId, limit),
    queries.countAuthorMemoriesVisibleTo(db, viewerId, authorId),
  ])
  const memories = await hydrateMemories(
    db,
    signer,
    viewerId,
    ids.map((row) => row.id),
  )
  return { memories, total }
}
