import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import type { PictureSigner } from '../../lib/pictureSigner'

import * as queries from './moderation.queries'
import { signedPicture } from './pictures'
import { findVisibleMemory, listPictures } from './queries'

/** What moderation needs of memories and comments (docs/product.md#reports-and-moderation). */

type Reader = Kysely<Database> | Transaction<Database>

/** The memory and its author when `viewerId` may see it (and so report it); undefined otherwise. */
export async function findMemoryVisibleTo(
  db: Reader,
  viewerId: string,
  memoryId: string,
): Promise<{ authorId: string; cardName: string } | undefined> {
  const found = await findVisibleMemory(db, viewerId, memoryId)
  return found && { authorId: found.authorId, cardName: found.cardName }
}

/** The comment, its author and its memory when `viewerId` may see them; undefined otherwise. */
export function findCommentVisibleTo(db: Reader, viewerId: string, commentId: string) {
  return queries.findCommentVisibleTo(db, viewerId, commentId)
}

/** The memory's author and card, whatever its setting or state; null once it is deleted. */
export async function memoryBasicsForModeration(db: Reader, memoryId: string) {
  const memory = await queries.findMemoryForModeration(db, memoryId)
  return memory ? { memoryId: memory.id, authorId: memory.authorId, cardName: memory.cardName } : null
}

/**
 * A memory as a moderator reads it: whatever its setting, hidden or not. Its pictures are signed in its author's name,
 * who may always see them, so the moderator's links open pictures of a Private or hidden memory too.
 */
export async function memoryForModeration(db: Reader, signer: PictureSigner, memoryId: string) {
  const memory = await queries.findMemoryForModeration(db, memoryId)
  if (!memory) return null
  const pictures = await listPictures(db, [memoryId])
  return {
    memoryId: memory.id,
    authorId: memory.authorId,
    cardName: memory.cardName,
    content: memory.content,
    visibility: memory.visibility,
    createdAt: memory.createdAt,
    hiddenAt: memory.hiddenAt,
    pictures: pictures.map((picture) => {
      const signed = signedPicture(signer, memory.authorId, picture)
      return { url: signed.url, width: signed.width, height: signed.height }
    }),
  }
}

export function commentForModeration(db: Reader, commentId: string) {
  return queries.findCommentForModeration(db, commentId)
}

export async function countMemoriesOf(db: Reader, userId: string): Promise<number> {
  return Number((await queries.countMemoriesOf(db, userId)).count)
}

export { hideComment, hideMemory } from './moderation.queries'
