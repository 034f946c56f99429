import type { Readable } from 'node:stream'

import type { Kysely, Transaction } from 'kysely'

import { ECONOMY, levelForExperience, VISIBILITY } from '@shared/constants'
import type {
  AvailableCardSets,
  CardSet,
  Comment,
  CommentReply,
  CreateMemoryBody,
  CreateMemoryResult,
  LikeMemoryResult,
  Memory,
  PeerUserCard,
  PeerUserCardsQuery,
  PostCommentBody,
  PostCommentResult,
  SwitchUserCardBody,
  SwitchUserCardResult,
  TransferrableCards,
  UpdateMemoryBody,
  UpdateVisibilityBody,
  UploadMemoryPictureResult,
} from '@shared/memories'
import { TEXTS } from '@shared/texts'

import type { Database } from '../../db/schema'
import type { BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import { refusing, type UniqueKey } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'
import { newId } from '../../lib/random'
import { createCopies, deleteCopy } from '../copies/service'
import { notify } from '../notifications/service'
import { balances, debit } from '../wallet/service'

import { pictureContentType, processPicture } from './pictures'
import * as queries from './queries'

type Reader = Kysely<Database> | Transaction<Database>

const NOT_VISIBLE = 'Memory not found.'
const DATE_ORDER = 'The end date cannot be before the start date.'
const ONLY_FRIENDS = 'You can only tag your friends.'
const UNKNOWN_PICTURE = 'A picture was not found among your uploads. Please upload it again.'
const MOVED_MEANWHILE = 'This memory is no longer on that card. Please reload and try again.'
const EXCERPT_LENGTH = 80
/** One memory per copy. */
const MEMORY_OF_COPY: UniqueKey = { table: 'memories', columns: ['user_card_id'] }

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Dates are plain calendar dates; a journey may last one day (end = start) but not end before it starts. */
function checkDates(start: string, end: string): void {
  if (!isRealDate(start)) throw new AppError('BadRequest', 'The start date is not a valid date.')
  if (!isRealDate(end)) throw new AppError('BadRequest', 'The end date is not a valid date.')
  if (end < start) throw new AppError('BadRequest', DATE_ORDER)
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)]
}

/** Fills in a page of memories as `viewerId` sees them, in the order of `memoryIds`. Visibility is checked by the caller. */
export async function hydrateMemories(
  db: Reader,
  signer: PictureSigner,
  viewerId: string,
  memoryIds: string[],
): Promise<Memory[]> {
  if (memoryIds.length === 0) return []
  const [rows, pictures, tags, likes, liked, comments] = await Promise.all([
    queries.listMemoryRows(db, memoryIds),
    queries.listPictures(db, memoryIds),
    queries.listTags(db, memoryIds),
    queries.countLikes(db, memoryIds),
    queries.listLikedBy(db, viewerId, memoryIds),
    queries.countComments(db, memoryIds),
  ])
  const likedSet = new Set(liked.map((row) => row.memoryId))
  const likeCount = new Map(likes.map((row) => [row.memoryId, row.count]))
  const commentCount = new Map(comments.map((row) => [row.memoryId, row.count]))
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
      pictures: pictures
        .filter((picture) => picture.memoryId === memoryId)
        .map((picture) => ({
          pictureFileName: picture.fileName,
          url: signer.url(picture.fileName, viewerId),
          width: picture.width,
          height: picture.height,
        })),
      taggedFriends: tags
        .filter((tag) => tag.memoryId === memoryId)
        .map((tag) => ({ userId: tag.userId, username: tag.username })),
      visibility: row.visibility,
      likes: likeCount.get(memoryId) ?? 0,
      liked: likedSet.has(memoryId),
      commentCount: commentCount.get(memoryId) ?? 0,
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
  const visible = await queries.findVisibleMemory(db, viewerId, memoryId)
  if (!visible) throw new AppError('NotFound', NOT_VISIBLE)
  const [memory] = await hydrateMemories(db, signer, viewerId, [memoryId])
  if (!memory) throw new AppError('NotFound', NOT_VISIBLE)
  const comments = await queries.listComments(db, memoryId)
  return { ...memory, comments: threadComments(comments, visible.authorId, viewerId) }
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

export async function updateVisibility(
  db: Kysely<Database>,
  userId: string,
  body: UpdateVisibilityBody,
): Promise<null> {
  const updated = await queries.updateVisibility(db, userId, body.memoryId, body.visibility, nowIso())
  if (!updated) throw new AppError('NotFound', TEXTS.memoryNotFound)
  return null
}

export async function getAvailableCardSets(db: Kysely<Database>, userId: string): Promise<AvailableCardSets> {
  const rows = await queries.listFreeCopiesByCard(db, userId)
  const sets = new Map<string, CardSet>()
  const collections = new Map<string, string>()
  for (const row of rows) {
    collections.set(row.collectionId, row.collectionName)
    let set = sets.get(row.cardSetId)
    if (!set) {
      set = { cardSetId: row.cardSetId, cardSetName: row.cardSetName, collectionId: row.collectionId, cards: [] }
      sets.set(row.cardSetId, set)
    }
    set.cards.push({
      cardId: row.cardId,
      cardName: row.cardSetName,
      cardRarity: row.rarity,
      collectionId: row.collectionId,
      image: row.cardId,
      freeCopies: row.freeCopies,
    })
  }
  return {
    cardSetList: [...sets.values()],
    cardCollections: [...collections].map(([collectionId, collectionName]) => ({ collectionId, collectionName })),
  }
}

export async function getPeerUserCards(
  db: Kysely<Database>,
  userId: string,
  query: PeerUserCardsQuery,
): Promise<PeerUserCard[]> {
  let cardId = query.cardId
  if (!cardId && query.userCardId) {
    const copy = await queries.findCardOfUserCard(db, query.userCardId)
    if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
    cardId = copy.cardId
  }
  if (!cardId) throw new AppError('BadRequest', 'Give cardId or userCardId.')
  const copies = await queries.listCopiesOfCard(db, userId, cardId)
  return copies.map((copy) => ({
    userCardId: copy.userCardId,
    cardId: copy.cardId,
    cardName: copy.cardName,
    cardRarity: copy.rarity,
    image: copy.cardId,
    createdAt: copy.createdAt,
    hasMemory: copy.memoryId != null,
    memoryId: copy.memoryId,
  }))
}

async function checkTaggable(trx: Transaction<Database>, userId: string, taggedIds: string[]): Promise<void> {
  if (taggedIds.includes(userId)) throw new AppError('BadRequest', ONLY_FRIENDS)
  if ((await queries.countFriendsAmong(trx, userId, taggedIds)) !== taggedIds.length)
    throw new AppError('BadRequest', ONLY_FRIENDS)
}

/** Attaches the caller's own uploads in the given order; a picture already on this memory only moves. */
async function attachPictures(
  trx: Transaction<Database>,
  userId: string,
  memoryId: string,
  fileNames: string[],
): Promise<void> {
  for (const [position, fileName] of fileNames.entries()) {
    if (!(await queries.attachPicture(trx, userId, memoryId, fileName, position)))
      throw new AppError('BadRequest', UNKNOWN_PICTURE)
  }
}

/** A private memory is the author's alone: its tagged friends are not told of a memory they cannot open. */
async function notifyTagged(
  trx: Transaction<Database>,
  authorId: string,
  cardName: string,
  visibility: number,
  taggedIds: string[],
): Promise<void> {
  if (taggedIds.length === 0 || visibility === VISIBILITY.Private) return
  const { username } = await queries.findUsername(trx, authorId)
  for (const taggedId of taggedIds) {
    await notify(trx, taggedId, 'You were tagged in a memory', `${username} tagged you in their memory of ${cardName}.`)
  }
}

/**
 * One memory per copy: the unique key on memories.user_card_id decides, so two concurrent creations on one copy
 * cannot both succeed. Tagged users must be the author's friends; pictures must be the author's unattached uploads.
 */
export async function createMemory(
  trx: Transaction<Database>,
  userId: string,
  body: CreateMemoryBody,
): Promise<CreateMemoryResult> {
  const copy = await queries.findOwnedCopy(trx, userId, body.userCardId)
  if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
  checkDates(body.memoryStartDate, body.memoryEndDate)
  const taggedIds = unique(body.taggedFriends)
  await checkTaggable(trx, userId, taggedIds)
  const memoryId = newId()
  const createdAt = nowIso()
  await refusing(
    () =>
      queries.insertMemory(trx, {
        id: memoryId,
        user_id: userId,
        user_card_id: body.userCardId,
        start_date: body.memoryStartDate,
        end_date: body.memoryEndDate,
        content: body.memoryContent,
        visibility: body.visibility,
        created_at: createdAt,
        updated_at: createdAt,
      }),
    [
      {
        when: 'unique',
        key: MEMORY_OF_COPY,
        refusal: new AppError('Conflict', TEXTS.memoryAlreadyExists(copy.cardName)),
      },
    ],
  )
  await queries.insertTags(trx, memoryId, taggedIds)
  await attachPictures(trx, userId, memoryId, unique(body.memoryPictures))
  await notifyTagged(trx, userId, copy.cardName, body.visibility, taggedIds)
  return { memoryId }
}

/** Returns the file names of pictures taken off the memory; the caller deletes their files once the change is committed. */
export async function updateMemory(
  trx: Transaction<Database>,
  userId: string,
  body: UpdateMemoryBody,
): Promise<{ removedPictures: string[] }> {
  const memory = await queries.findOwnMemory(trx, userId, body.memoryId)
  if (!memory) throw new AppError('NotFound', TEXTS.memoryNotFound)
  checkDates(body.memoryStartDate, body.memoryEndDate)
  const taggedIds = unique(body.taggedFriends)
  const previousTags = new Set((await queries.listTaggedUserIds(trx, memory.id)).map((row) => row.userId))
  const addedTags = taggedIds.filter((id) => !previousTags.has(id))
  // Friends tagged before stay tagged even if the friendship ended since; only new tags must be friends.
  await checkTaggable(trx, userId, addedTags)
  await queries.updateMemoryText(trx, memory.id, {
    startDate: body.memoryStartDate,
    endDate: body.memoryEndDate,
    content: body.memoryContent,
    visibility: body.visibility,
    updatedAt: nowIso(),
  })

  const removedTags = [...previousTags].filter((id) => !taggedIds.includes(id))
  await queries.deleteTags(trx, memory.id, removedTags)
  await queries.insertTags(trx, memory.id, addedTags)

  const kept = unique(body.memoryPictures)
  const removedPictures = (await queries.listPictureNames(trx, memory.id))
    .map((row) => row.fileName)
    .filter((name) => !kept.includes(name))
  await queries.deletePictures(trx, removedPictures)
  await attachPictures(trx, userId, memory.id, kept)

  await notifyTagged(trx, userId, memory.cardName, body.visibility, addedTags)
  return { removedPictures }
}

export async function getTransferrableCards(db: Kysely<Database>, cardId: string): Promise<TransferrableCards> {
  const card = await queries.findCard(db, cardId)
  if (!card) throw new AppError('NotFound', 'Card not found.')
  const [cards, collections] = await Promise.all([
    queries.listCardsOfRarity(db, card.rarity, card.cardSetId),
    queries.listCollections(db),
  ])
  return {
    cardSetList: cards.map((row) => ({
      cardSetId: row.cardSetId,
      cardSetName: row.cardSetName,
      collectionId: row.collectionId,
      cards: [
        {
          cardId: row.cardId,
          cardName: row.cardSetName,
          cardRarity: row.rarity,
          collectionId: row.collectionId,
          image: row.cardId,
        },
      ],
    })),
    cardCollections: collections,
    cost: ECONOMY.memoryTransferCost,
  }
}

/**
 * Moves a memory. To another copy of the same card without a memory: free. To another card set: the transfer cost is
 * debited, the copy holding the memory is exchanged for a new copy of that set in the same rarity (acquisition
 * 'transfer'), and the old copy is deleted. Either way everything happens in the caller's one transaction.
 */
export async function switchUserCard(
  trx: Transaction<Database>,
  userId: string,
  body: SwitchUserCardBody,
): Promise<SwitchUserCardResult> {
  const memory = await queries.findOwnMemory(trx, userId, body.memoryId)
  if (!memory) throw new AppError('NotFound', TEXTS.memoryNotFound)
  if (memory.userCardId !== body.userCardId) throw new AppError('Conflict', MOVED_MEANWHILE)
  let newUserCardId: string
  if (body.newUserCardId != null && body.newCardSetId == null) {
    const target = await queries.findOwnedCopy(trx, userId, body.newUserCardId)
    if (!target) throw new AppError('NotFound', TEXTS.userCardNotFound)
    if (target.id === memory.userCardId) throw new AppError('BadRequest', 'The memory is already on this copy.')
    if (target.cardId !== memory.cardId) {
      throw new AppError(
        'BadRequest',
        'A memory switches for free only to a copy of the same card; transfer it to move it to another card set.',
      )
    }
    if (target.memoryId) throw new AppError('Conflict', TEXTS.memoryAlreadyExists(target.cardName))
    newUserCardId = target.id
    await moveMemory(trx, memory.id, memory.userCardId, newUserCardId, target.cardName)
  } else if (body.newCardSetId != null && body.newUserCardId == null) {
    const cardSetId = body.newCardSetId
    if (cardSetId === memory.cardSetId)
      throw new AppError('BadRequest', 'The memory is already on this card set; choose another copy instead.')
    const targetCard = await queries.findCardOfSet(trx, cardSetId, memory.rarity)
    if (!targetCard) throw new AppError('NotFound', 'Card set not found.')
    const transferId = newId()
    await debit(trx, {
      userId,
      currency: 'digital',
      amount: ECONOMY.memoryTransferCost,
      reason: 'memory_transfer',
      reference: transferId,
    })
    newUserCardId = newId()
    await createCopies(trx, [
      {
        id: newUserCardId,
        userId,
        cardId: targetCard.id,
        acquisition: 'transfer',
        transactionId: transferId,
        createdAt: nowIso(),
      },
    ])
    await moveMemory(trx, memory.id, memory.userCardId, newUserCardId, memory.cardName)
    await deleteCopy(trx, userId, memory.userCardId)
  } else {
    throw new AppError(
      'BadRequest',
      'Choose either another copy of this card (newUserCardId) or another card set (newCardSetId).',
    )
  }
  return { newUserCardId, userData: await balances(trx, userId) }
}

/**
 * Conditional on the memory still being on `from`: of two concurrent switches only the first moves it, and the
 * second rolls back with its debit, so a transfer is never paid twice.
 */
async function moveMemory(
  trx: Transaction<Database>,
  memoryId: string,
  from: string,
  to: string,
  cardName: string,
): Promise<void> {
  const moved = await refusing(
    () => queries.moveMemory(trx, memoryId, from, to, nowIso()),
    [
      { when: 'unique', key: MEMORY_OF_COPY, refusal: new AppError('Conflict', TEXTS.memoryAlreadyExists(cardName)) },
      // The chosen copy was recycled meanwhile.
      {
        when: 'foreignKey',
        refusal: new AppError(
          'Conflict',
          'That copy is no longer in your collection. Please reload and choose another.',
        ),
      },
    ],
  )
  if (!moved) throw new AppError('Conflict', MOVED_MEANWHILE)
}

async function mayStillSee(trx: Transaction<Database>, userId: string, memoryId: string): Promise<boolean> {
  return (await queries.findVisibleMemory(trx, userId, memoryId)) != null
}

/** A toggle: the (memory, user) key counts a like once; the author hears of new likes from others. */
export async function likeMemory(
  trx: Transaction<Database>,
  userId: string,
  memoryId: string,
): Promise<LikeMemoryResult> {
  const memory = await queries.findVisibleMemory(trx, userId, memoryId)
  if (!memory) throw new AppError('NotFound', NOT_VISIBLE)
  const liked = await queries.insertLike(trx, memoryId, userId, nowIso())
  if (!liked) await queries.deleteLike(trx, memoryId, userId)
  if (liked && memory.authorId !== userId) {
    const { username } = await queries.findUsername(trx, userId)
    await notify(
      trx,
      memory.authorId,
      'New like on your memory',
      `${username} liked your memory of ${memory.cardName}.`,
    )
  }
  const [count] = await queries.countLikes(trx, [memoryId])
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
  const memory = await queries.findVisibleMemory(trx, userId, body.memoryId)
  if (!memory) throw new AppError('NotFound', NOT_VISIBLE)
  const content = body.commentContent.trim()
  if (content === '') throw new AppError('BadRequest', 'Please write a comment.')
  const target = body.replyToCommentId ? await queries.findComment(trx, memory.id, body.replyToCommentId) : undefined
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

  const { username } = await queries.findUsername(trx, userId)
  const quoted = `"${excerpt(content)}"`
  if (target && target.userId !== userId && (await mayStillSee(trx, target.userId, memory.id))) {
    await notify(
      trx,
      target.userId,
      'New reply to your comment',
      `${username} replied to your comment on the memory of ${memory.cardName}: ${quoted}`,
    )
  }
  if (memory.authorId !== userId && memory.authorId !== target?.userId) {
    await notify(
      trx,
      memory.authorId,
      'New comment on your memory',
      `${username} commented on your memory of ${memory.cardName}: ${quoted}`,
    )
  }
  return { memoryCommentId }
}

export interface PendingPictureQuota {
  maxCount: number
  maxBytes: number
}

export function pendingPicturesFull(quota: PendingPictureQuota): string {
  return `You have ${quota.maxCount} pictures or ${Math.round(quota.maxBytes / (1024 * 1024))} MB waiting to be added to a memory. Save your memory first; pictures left unused are removed after a day.`
}

/**
 * Stores an upload unattached; createMemory or updateMemory attaches it to one of the uploader's memories. Unattached
 * uploads are bounded per user in number and bytes, so nobody can fill the disk with pictures no memory holds.
 */
export async function uploadMemoryPicture(
  db: Kysely<Database>,
  blobs: BlobStore,
  signer: PictureSigner,
  userId: string,
  upload: Buffer,
  quota: PendingPictureQuota,
): Promise<UploadMemoryPictureResult> {
  const pending = await queries.sumPendingPictures(db, userId)
  if (pending.count >= quota.maxCount || pending.bytes + upload.length > quota.maxBytes)
    throw new AppError('RuleViolation', pendingPicturesFull(quota))
  const picture = await processPicture(upload)
  await blobs.put(picture.fileName, picture.data)
  await queries.insertPicture(db, {
    file_name: picture.fileName,
    user_id: userId,
    memory_id: null,
    position: 0,
    width: picture.width,
    height: picture.height,
    byte_size: picture.data.length,
    created_at: nowIso(),
  })
  return {
    pictureFileName: picture.fileName,
    url: signer.url(picture.fileName, userId),
    width: picture.width,
    height: picture.height,
  }
}

export interface PictureFile {
  body: Readable
  contentType: string
  maxAgeSeconds: number
}

/**
 * The file behind a signed link, when the link is genuine and unexpired and its viewer may see the memory now
 * (an unattached upload: only its uploader). Anything else is null, answered as not found.
 */
export async function readMemoryPicture(
  db: Kysely<Database>,
  blobs: BlobStore,
  signer: PictureSigner,
  link: { image: string; u: string; exp: number; sig: string },
): Promise<PictureFile | null> {
  const maxAgeSeconds = signer.verify(link.image, link.u, link.exp, link.sig)
  if (maxAgeSeconds == null) return null
  const picture = await queries.findPicture(db, link.image)
  if (!picture) return null
  const allowed =
    picture.memoryId == null
      ? picture.userId === link.u
      : (await queries.findVisibleMemory(db, link.u, picture.memoryId)) != null
  if (!allowed) return null
  const body = await blobs.stream(picture.fileName)
  return body ? { body, contentType: pictureContentType(picture.fileName), maxAgeSeconds } : null
}
