import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { notBlockedWith } from '../../db/blocks'
import { selectUserCardsWithCatalogue } from '../../db/catalogueJoins'
import { commentNotModeratedFor, memoryNotModeratedFor } from '../../db/moderationFilters'
import type { Database, MemoriesTable, MemoryCommentsTable, MemoryPicturesTable } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import type { UniqueKey } from '../../lib/databaseErrors'

type Reader = Kysely<Database> | Transaction<Database>

/**
 * Who may see a memory, as one SQL condition used by every read: the author always; everyone logged in when Public;
 * the author's friends and the users tagged in it when Friends; nobody else when Private
 * (docs/architecture.md#visibility). Nobody but the author sees it while moderation hides it or suspends the author,
 * and never a traveller the author blocked or was blocked by (docs/security.md#blocking).
 */
function visibleTo(viewerId: string) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb.and([
      notBlockedWith(viewerId, 'memories.user_id'),
      allowedBySetting(viewerId)(eb),
      memoryNotModeratedFor(viewerId, nowIso())(eb),
    ])
}

function allowedBySetting(viewerId: string) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb.or([
      eb('memories.user_id', '=', viewerId),
      eb('memories.visibility', '=', VISIBILITY.Public),
      eb.and([
        eb('memories.visibility', '=', VISIBILITY.Friends),
        eb.or([
          eb.exists(
            eb
              .selectFrom('friendships')
              .select('friendships.friend_id')
              .whereRef('friendships.user_id', '=', 'memories.user_id')
              .where('friendships.friend_id', '=', viewerId),
          ),
          eb.exists(
            eb
              .selectFrom('memory_tags')
              .select('memory_tags.user_id')
              .whereRef('memory_tags.memory_id', '=', 'memories.id')
              .where('memory_tags.user_id', '=', viewerId),
          ),
        ]),
      ]),
    ])
}

/** One memory per copy: the unique key that decides between two writes on one copy. */
export const MEMORY_OF_COPY: UniqueKey = { table: 'memories', columns: ['user_card_id'] }

/** A memory with the copy it sits on, that copy's card and the card's place. */
function selectMemoriesWithCards(db: Reader) {
  return db
    .selectFrom('memories')
    .innerJoin('user_cards', 'user_cards.id', 'memories.user_card_id')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
}

/** The memory when `viewerId` may see it; undefined when it does not exist or is hidden from them. */
export function findVisibleMemory(db: Reader, viewerId: string, memoryId: string) {
  return selectMemoriesWithCards(db)
    .select(['memories.id', 'memories.user_id as authorId', 'memories.visibility', 'card_sets.name as cardName'])
    .where('memories.id', '=', memoryId)
    .where(visibleTo(viewerId))
    .executeTakeFirst()
}

/** The memory when `userId` wrote it; undefined for anyone else. */
export function findOwnMemory(db: Reader, userId: string, memoryId: string) {
  return selectMemoriesWithCards(db)
    .select([
      'memories.id',
      'memories.user_card_id as userCardId',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.id as cardSetId',
      'card_sets.name as cardName',
    ])
    .where('memories.id', '=', memoryId)
    .where('memories.user_id', '=', userId)
    .executeTakeFirst()
}

export function findMemoryIdOfUserCard(db: Reader, viewerId: string, userCardId: string) {
  return db
    .selectFrom('memories')
    .select('memories.id')
    .where('memories.user_card_id', '=', userCardId)
    .where(visibleTo(viewerId))
    .executeTakeFirst()
}

/** A copy owned by `userId`, with its card and whether a memory sits on it. */
export function findOwnedCopy(db: Reader, userId: string, userCardId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'user_cards.id',
      'cards.id as cardId',
      'card_sets.id as cardSetId',
      'card_sets.name as cardName',
      'memories.id as memoryId',
    ])
    .where('user_cards.id', '=', userCardId)
    .where('user_cards.user_id', '=', userId)
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

export function listPictures(db: Reader, memoryIds: string[]) {
  return db
    .selectFrom('memory_pictures')
    .select(['memory_id as memoryId', 'file_name as fileName', 'width', 'height'])
    .where('memory_id', 'in', memoryIds)
    .orderBy('position')
    .orderBy('file_name')
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

export function countLikes(db: Reader, viewerId: string, memoryIds: string[]) {
  return db
    .selectFrom('memory_likes')
    .select(['memory_id as memoryId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('memory_id', 'in', memoryIds)
    .where(notBlockedWith(viewerId, 'memory_likes.user_id'))
    .groupBy('memory_id')
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

/** The user's copies without a memory, one row per card with how many such copies there are. */
export function listFreeCopiesByCard(db: Reader, userId: string) {
  return selectUserCardsWithCatalogue(db)
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.id as cardSetId',
      'card_sets.name as cardSetName',
      'collections.id as collectionId',
      'collections.name as collectionName',
      (eb) => eb.fn.countAll<number>().as('freeCopies'),
    ])
    .where('user_cards.user_id', '=', userId)
    .where('memories.id', 'is', null)
    .groupBy([
      'cards.id',
      'cards.rarity',
      'card_sets.id',
      'card_sets.name',
      'card_sets.sort_order',
      'collections.id',
      'collections.name',
      'collections.sort_order',
    ])
    .orderBy('collections.sort_order')
    .orderBy('card_sets.sort_order')
    .orderBy('cards.rarity', 'desc')
    .execute()
}

export function findCard(db: Reader, cardId: string) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.id', 'cards.rarity', 'card_sets.id as cardSetId', 'card_sets.name as cardName'])
    .where('cards.id', '=', cardId)
    .executeTakeFirst()
}

export function findCardOfUserCard(db: Reader, userCardId: string) {
  return db.selectFrom('user_cards').select('card_id as cardId').where('id', '=', userCardId).executeTakeFirst()
}

/** The user's copies of one card, oldest first, with their memory if any. */
export function listCopiesOfCard(db: Reader, userId: string, cardId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'user_cards.id as userCardId',
      'user_cards.created_at as createdAt',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.name as cardName',
      'memories.id as memoryId',
    ])
    .where('user_cards.user_id', '=', userId)
    .where('user_cards.card_id', '=', cardId)
    .orderBy('user_cards.created_at')
    .orderBy('user_cards.id')
    .execute()
}

/** Every card of one rarity in other card sets than `exceptCardSetId`, in catalogue order. */
export function listCardsOfRarity(db: Reader, rarity: number, exceptCardSetId: string) {
  return db
    .selectFrom('cards')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select([
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.id as cardSetId',
      'card_sets.name as cardSetName',
      'collections.id as collectionId',
    ])
    .where('cards.rarity', '=', rarity)
    .where('card_sets.id', '!=', exceptCardSetId)
    .orderBy('collections.sort_order')
    .orderBy('card_sets.sort_order')
    .execute()
}

export function listCollections(db: Reader) {
  return db
    .selectFrom('collections')
    .select(['id as collectionId', 'name as collectionName'])
    .orderBy('sort_order')
    .execute()
}

export function findCardOfSet(db: Reader, cardSetId: string, rarity: number) {
  return db
    .selectFrom('cards')
    .select('id')
    .where('card_set_id', '=', cardSetId)
    .where('rarity', '=', rarity)
    .executeTakeFirst()
}

export async function countFriendsAmong(db: Reader, userId: string, candidateIds: string[]): Promise<number> {
  if (candidateIds.length === 0) return 0
  const row = await db
    .selectFrom('friendships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('friend_id', 'in', candidateIds)
    .executeTakeFirst()
  return row?.count ?? 0
}

export function listTaggedUserIds(db: Reader, memoryId: string) {
  return db.selectFrom('memory_tags').select('user_id as userId').where('memory_id', '=', memoryId).execute()
}

export function listPictureNames(db: Reader, memoryId: string) {
  return db.selectFrom('memory_pictures').select('file_name as fileName').where('memory_id', '=', memoryId).execute()
}

export function findPicture(db: Reader, fileName: string) {
  return db
    .selectFrom('memory_pictures')
    .select(['file_name as fileName', 'user_id as userId', 'memory_id as memoryId'])
    .where('file_name', '=', fileName)
    .executeTakeFirst()
}

export function findUsername(db: Reader, userId: string) {
  return db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()
}

/** The author's memory only; answers whether it was there to change. */
export async function updateVisibility(
  db: Reader,
  userId: string,
  memoryId: string,
  visibility: number,
  updatedAt: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('memories')
    .set({ visibility, updated_at: updatedAt })
    .where('id', '=', memoryId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

export async function insertMemory(db: Reader, memory: Insertable<MemoriesTable>): Promise<void> {
  await db.insertInto('memories').values(memory).execute()
}

export async function updateMemoryText(
  db: Reader,
  memoryId: string,
  text: { startDate: string; endDate: string; content: string; visibility: number; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('memories')
    .set({
      start_date: text.startDate,
      end_date: text.endDate,
      content: text.content,
      visibility: text.visibility,
      updated_at: text.updatedAt,
    })
    .where('id', '=', memoryId)
    .execute()
}

/** Moves the memory only while it is still on `from`; answers whether it moved. */
export async function moveMemory(
  db: Reader,
  memoryId: string,
  from: string,
  to: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('memories')
    .set({ user_card_id: to, updated_at: updatedAt })
    .where('id', '=', memoryId)
    .where('user_card_id', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertTags(db: Reader, memoryId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return
  await db
    .insertInto('memory_tags')
    .values(userIds.map((id) => ({ memory_id: memoryId, user_id: id })))
    .execute()
}

export async function deleteTags(db: Reader, memoryId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return
  await db.deleteFrom('memory_tags').where('memory_id', '=', memoryId).where('user_id', 'in', userIds).execute()
}

/** Tags of either traveller in the other's memories. */
export async function deleteTagsBetween(db: Reader, userId: string, otherId: string): Promise<void> {
  await db
    .deleteFrom('memory_tags')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('user_id', '=', otherId),
          eb('memory_id', 'in', eb.selectFrom('memories').select('id').where('user_id', '=', userId)),
        ]),
        eb.and([
          eb('user_id', '=', userId),
          eb('memory_id', 'in', eb.selectFrom('memories').select('id').where('user_id', '=', otherId)),
        ]),
      ]),
    )
    .execute()
}

/** Puts one of the user's uploads on the memory, unattached or already on it; answers whether there was one. */
export async function attachPicture(
  db: Reader,
  userId: string,
  memoryId: string,
  fileName: string,
  position: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('memory_pictures')
    .set({ memory_id: memoryId, position })
    .where('file_name', '=', fileName)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('memory_id', 'is', null), eb('memory_id', '=', memoryId)]))
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

export async function deletePictures(db: Reader, fileNames: string[]): Promise<void> {
  if (fileNames.length === 0) return
  await db.deleteFrom('memory_pictures').where('file_name', 'in', fileNames).execute()
}

/** The capture dates of the memory's pictures whose location check found them taken inside the place. */
/** Which of `fileNames`, on the memory, were taken inside the place by their upload's check; earliest first. */
export function listPicturesTakenIn(db: Reader, memoryId: string, cardSetId: string, fileNames: readonly string[]) {
  return db
    .selectFrom('memory_pictures')
    .select('visit_taken_on as takenOn')
    .where('memory_id', '=', memoryId)
    .where('file_name', 'in', fileNames)
    .where('visit_card_set_id', '=', cardSetId)
    .where('visit_verdict', '=', 'inside')
    .orderBy('visit_taken_on')
    .execute()
}

export async function insertPicture(db: Reader, picture: Insertable<MemoryPicturesTable>): Promise<void> {
  await db.insertInto('memory_pictures').values(picture).execute()
}

/**
 * Holds the uploader until the transaction ends: the row lock of their user on PostgreSQL, the write lock on SQLite.
 * The update changes nothing; taking the lock is its purpose.
 */
export async function lockUploader(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute()
}

/** How many uploads of the user wait unattached, and their bytes. */
export function sumPendingPictures(db: Reader, userId: string) {
  return db
    .selectFrom('memory_pictures')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'),
    ])
    .where('user_id', '=', userId)
    .where('memory_id', 'is', null)
    .executeTakeFirstOrThrow()
}

/** Unattached uploads created before `cutOff`, oldest first, at most `limit`. */
export function listAbandonedPictures(db: Reader, cutOff: string, limit: number) {
  return db
    .selectFrom('memory_pictures')
    .select('file_name as fileName')
    .where('memory_id', 'is', null)
    .where('created_at', '<', cutOff)
    .orderBy('created_at')
    .orderBy('file_name')
    .limit(limit)
    .execute()
}

/** Deletes the upload only while it is still unattached and old; answers whether it went. */
export async function deleteAbandonedPicture(db: Reader, fileName: string, cutOff: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('memory_pictures')
    .where('file_name', '=', fileName)
    .where('memory_id', 'is', null)
    .where('created_at', '<', cutOff)
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}

/** Which of these picture file names have a row (attached or not). */
export async function findStoredPictureNames(db: Reader, fileNames: readonly string[]): Promise<Set<string>> {
  if (fileNames.length === 0) return new Set()
  const rows = await db.selectFrom('memory_pictures').select('file_name').where('file_name', 'in', fileNames).execute()
  return new Set(rows.map((row) => row.file_name))
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

/** Every picture the user uploaded, attached or not. */
export function listPictureNamesOfUser(db: Reader, userId: string) {
  return db.selectFrom('memory_pictures').select('file_name as fileName').where('user_id', '=', userId).execute()
}

/**
 * Other travellers' replies to the user's comments now answer what that comment answered (or the memory itself), one
 * step at a time; answers how many moved, so the caller repeats until a chain of the user's comments is passed.
 */
export async function reattachRepliesToCommentsOf(db: Reader, userId: string): Promise<number> {
  const result = await db
    .updateTable('memory_comments')
    .set((eb) => ({
      reply_to_comment_id: eb
        .selectFrom('memory_comments as answered')
        .select('answered.reply_to_comment_id')
        .whereRef('answered.id', '=', 'memory_comments.reply_to_comment_id'),
    }))
    .where('memory_comments.user_id', '!=', userId)
    .where((eb) =>
      eb(
        'memory_comments.reply_to_comment_id',
        'in',
        eb.selectFrom('memory_comments as own').select('own.id').where('own.user_id', '=', userId),
      ),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

// --- Moderation (docs/product.md#reports-and-moderation) ---

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
