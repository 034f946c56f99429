import type { Transaction } from 'kysely'

import type { LikeMemoryResult, PostCommentBody, PostCommentResult } from '@shared/memories'

import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import { notificationLinks, notify } from '../notifications/service'

import { countLikes, findUsername, findVisibleMemory } from './queries'
import * as queries from './reactions.queries'
import { NOT_VISIBLE } from './readModel'

/** Likes and comments, and the notifications they send. */

const EXCERPT_LENGTH = 80

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text
}

async function mayStillSee(trx: Transaction<Database>, userId: string, memoryId: string): Promise<boolean> {
  return (await findVisibleMemory(trx, userId, memoryId)) != null
}

/**
 * A memory whose author's account is erased while a like or a comment is written goes with the account: the write
 * then finds nothing to point at and answers as for a memory that is not there.
 */
const MEMORY_GONE = [{ when: 'foreignKey', refusal: new AppError('NotFound', NOT_VISIBLE) }] as const

/** A toggle: the (memory, user) key counts a like once; the author hears of new likes from others. */
export async function likeMemory(
  trx: Transaction<Database>,
  userId: string,
  memoryId: string,
): Promise<LikeMemoryResult> {
  return refusing(() => toggleLike(trx, userId, memoryId), MEMORY_GONE)
}

async function toggleLike(trx: Transaction<Database>, userId: string, memoryId: string): Promise<LikeMemoryResult> {
  const memory = await findVisibleMemory(trx, userId, memoryId)
  if (!memory) throw new AppError('NotFound', NOT_VISIBLE)
  const liked = await queries.insertLike(trx, memoryId, userId, nowIso())
  if (!liked) await queries.deleteLike(trx, memoryId, userId)
  if (liked && memory.authorId !== userId) {
    const { username } = await findUsername(trx, userId)
    await notify(
      trx,
      memory.authorId,
      'New like on your memory',
      `${username} liked your memory of ${memory.cardName}.`,
      notificationLinks.memory(memoryId),
      userId,
    )
  }
  const [count] = await countLikes(trx, userId, [memoryId])
  return { liked, likes: count?.count ?? 0 }
}

/**
 * Anyone who may see the memory may comment. A reply notifies the author of the comment it answers;
 * a comment notifies the memory's author (once, when both are the same person).
 */
export async function postComment(
  trx: Transaction<Database>,
  userId: string,
  body: PostCommentBody,
): Promise<PostCommentResult> {
  return refusing(() => writeComment(trx, userId, body), MEMORY_GONE)
}

async function writeComment(
  trx: Transaction<Database>,
  userId: string,
  body: PostCommentBody,
): Promise<PostCommentResult> {
  const memory = await findVisibleMemory(trx, userId, body.memoryId)
  if (!memory) throw new AppError('NotFound', NOT_VISIBLE)
  const content = body.commentContent.trim()
  if (content === '') throw new AppError('BadRequest', 'Please write a comment.')
  const target = body.replyToCommentId
    ? await queries.findComment(trx, userId, memory.id, body.replyToCommentId)
    : undefined
  if (body.replyToCommentId && !target) throw new AppError('NotFound', 'The comment you reply to was not found.')

  const memoryCommentId = newId()
  await queries.insertComment(trx, {
    id: memoryCommentId,
    memory_id: memory.id,
    user_id: userId,
    reply_to_comment_id: target?.id ?? null,
    content,
    created_at: nowIso(),
  })

  const { username } = await findUsername(trx, userId)
  const quoted = `"${excerpt(content)}"`
  if (target && target.userId !== userId && (await mayStillSee(trx, target.userId, memory.id))) {
    await notify(
      trx,
      target.userId,
      'New reply to your comment',
      `${username} replied to your comment on the memory of ${memory.cardName}: ${quoted}`,
      notificationLinks.memoryComments(memory.id),
      userId,
    )
  }
  if (memory.authorId !== userId && memory.authorId !== target?.userId) {
    await notify(
      trx,
      memory.authorId,
      'New comment on your memory',
      `${username} commented on your memory of ${memory.cardName}: ${quoted}`,
      notificationLinks.memoryComments(memory.id),
      userId,
    )
  }
  return { memoryCommentId }
}
