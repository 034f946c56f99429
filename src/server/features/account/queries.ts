import type { Kysely } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import type { Database } from '../../db/schema'

type Reader = Kysely<Database>

/**
 * The reads of a traveller's export (docs/export-format.md): each answers the rows of one part of data.json, oldest
 * first, and only rows the traveller owns or wrote, or that name them.
 */

/** The account as its owner sees it; never the password hash. */
export function findAccount(db: Reader, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'avatar_id',
      'friend_code',
      'experience',
      'digital_credit',
      'physical_credit',
      'referral_source',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst()
}

export function listCopies(db: Reader, userId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'user_cards.id as userCardId',
      'user_cards.acquisition',
      'user_cards.transaction_id as transactionId',
      'user_cards.created_at as acquiredAt',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.name as cardName',
      'collections.id as collectionId',
      'collections.name as collectionName',
      'memories.id as memoryId',
    ])
    .where('user_cards.user_id', '=', userId)
    .orderBy('user_cards.created_at')
    .orderBy('user_cards.id')
    .execute()
}

export function listBeenThere(db: Reader, userId: string) {
  return db
    .selectFrom('been_there')
    .innerJoin('card_sets', 'card_sets.id', 'been_there.card_set_id')
    .select(['card_sets.id as cardSetId', 'card_sets.name as placeName', 'been_there.created_at as markedAt'])
    .where('been_there.user_id', '=', userId)
    .orderBy('been_there.created_at')
    .orderBy('card_sets.id')
    .execute()
}

/** The traveller's own memories, with their card, and how many likes and comments each has. */
export function listOwnMemories(db: Reader, userId: string) {
  return db
    .selectFrom('memories')
    .innerJoin('user_cards', 'user_cards.id', 'memories.user_card_id')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .innerJoin('collections', 'collections.id', 'card_sets.collection_id')
    .select((eb) => [
      'memories.id as memoryId',
      'memories.user_card_id as userCardId',
      'memories.start_date as startDate',
      'memories.end_date as endDate',
      'memories.content',
      'memories.visibility',
      'memories.created_at as createdAt',
      'memories.updated_at as updatedAt',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.name as cardName',
      'collections.name as collectionName',
      eb
        .selectFrom('memory_likes')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('memory_likes.memory_id', '=', 'memories.id')
        .as('likeCount'),
      eb
        .selectFrom('memory_comments')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('memory_comments.memory_id', '=', 'memories.id')
        .as('commentCount'),
    ])
    .where('memories.user_id', '=', userId)
    .orderBy('memories.created_at')
    .orderBy('memories.id')
    .execute()
}

/** Every picture the traveller uploaded: on their memories, in order, and those not yet attached to one. */
export function listPictures(db: Reader, userId: string) {
  return db
    .selectFrom('memory_pictures')
    .select([
      'file_name as fileName',
      'memory_id as memoryId',
      'position',
      'width',
      'height',
      'byte_size as byteSize',
      'created_at as uploadedAt',
    ])
    .where('user_id', '=', userId)
    .orderBy('memory_id')
    .orderBy('position')
    .orderBy('file_name')
    .execute()
}

/** The friends tagged in the traveller's own memories. */
export function listTagsOnOwnMemories(db: Reader, userId: string) {
  return db
    .selectFrom('memory_tags')
    .innerJoin('memories', 'memories.id', 'memory_tags.memory_id')
    .innerJoin('users', 'users.id', 'memory_tags.user_id')
    .select(['memory_tags.memory_id as memoryId', 'users.id as userId', 'users.username'])
    .where('memories.user_id', '=', userId)
    .orderBy('users.username')
    .execute()
}

export function listCommentsWritten(db: Reader, userId: string) {
  return db
    .selectFrom('memory_comments')
    .innerJoin('memories', 'memories.id', 'memory_comments.memory_id')
    .select([
      'memory_comments.id as commentId',
      'memory_comments.memory_id as memoryId',
      'memories.user_id as memoryAuthorId',
      'memory_comments.reply_to_comment_id as replyToCommentId',
      'memory_comments.content',
      'memory_comments.created_at as createdAt',
    ])
    .where('memory_comments.user_id', '=', userId)
    .orderBy('memory_comments.created_at')
    .orderBy('memory_comments.id')
    .execute()
}

export function listLikesGiven(db: Reader, userId: string) {
  return db
    .selectFrom('memory_likes')
    .innerJoin('memories', 'memories.id', 'memory_likes.memory_id')
    .select(['memory_likes.memory_id as memoryId', 'memories.user_id as memoryAuthorId', 'memory_likes.created_at'])
    .where('memory_likes.user_id', '=', userId)
    .orderBy('memory_likes.created_at')
    .orderBy('memory_likes.memory_id')
    .execute()
}

/**
 * Others' memories the traveller is tagged in and may still see (a tagged traveller sees a Friends memory; a Private
 * one is its author's alone): which memory, whose, and on which card. Never its text or pictures, which are the
 * author's (docs/export-format.md#tagged-in).
 */
export function listTaggedIn(db: Reader, userId: string) {
  return db
    .selectFrom('memory_tags')
    .innerJoin('memories', 'memories.id', 'memory_tags.memory_id')
    .innerJoin('users as authors', 'authors.id', 'memories.user_id')
    .innerJoin('user_cards', 'user_cards.id', 'memories.user_card_id')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['memories.id as memoryId', 'authors.username as authorUsername', 'card_sets.name as cardName'])
    .where('memory_tags.user_id', '=', userId)
    .where('memories.user_id', '!=', userId)
    .where('memories.visibility', '!=', VISIBILITY.Private)
    .orderBy('memories.created_at')
    .orderBy('memories.id')
    .execute()
}

export function listFriends(db: Reader, userId: string) {
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select(['users.id as userId', 'users.username', 'friendships.created_at as since'])
    .where('friendships.user_id', '=', userId)
    .orderBy('friendships.created_at')
    .orderBy('users.id')
    .execute()
}

export function listVerifiedVisits(db: Reader, userId: string) {
  return db
    .selectFrom('place_verifications')
    .innerJoin('card_sets', 'card_sets.id', 'place_verifications.card_set_id')
    .select([
      'place_verifications.card_set_id as cardSetId',
      'card_sets.name as placeName',
      'place_verifications.memory_id as memoryId',
      'place_verifications.taken_on as takenOn',
      'place_verifications.verified_at as verifiedAt',
    ])
    .where('place_verifications.user_id', '=', userId)
    .orderBy('place_verifications.verified_at')
    .orderBy('place_verifications.card_set_id')
    .execute()
}

export function listWantToGo(db: Reader, userId: string) {
  return db
    .selectFrom('want_to_go')
    .innerJoin('card_sets', 'card_sets.id', 'want_to_go.card_set_id')
    .select(['want_to_go.card_set_id as cardSetId', 'card_sets.name as placeName', 'want_to_go.created_at as addedAt'])
    .where('want_to_go.user_id', '=', userId)
    .orderBy('want_to_go.created_at')
    .orderBy('want_to_go.card_set_id')
    .execute()
}

export function findSpendingLimit(db: Reader, userId: string) {
  return db
    .selectFrom('spending_limits')
    .select(['monthly_limit_cents', 'pending_limit_cents', 'pending_applies_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Gifts the user gave or received, each with the friend on the other side (null once deleted) and the card. */
export function listGifts(db: Reader, userId: string) {
  return db
    .selectFrom('card_gifts')
    .innerJoin('cards', 'cards.id', 'card_gifts.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .leftJoin('users as giver', 'giver.id', 'card_gifts.giver_id')
    .leftJoin('users as receiver', 'receiver.id', 'card_gifts.receiver_id')
    .select([
      'card_gifts.id',
      'card_gifts.giver_id',
      'card_gifts.card_id',
      'card_sets.name as card_name',
      'cards.rarity',
      'giver.username as giver_username',
      'receiver.username as receiver_username',
      'card_gifts.created_at',
    ])
    .where((eb) => eb.or([eb('card_gifts.giver_id', '=', userId), eb('card_gifts.receiver_id', '=', userId)]))
    .orderBy('card_gifts.created_at')
    .orderBy('card_gifts.id')
    .execute()
}

export function listDraws(db: Reader, userId: string) {
  return db
    .selectFrom('draw_transactions')
    .select(['id', 'kind', 'price', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function listDrawItems(db: Reader, userId: string) {
  return db
    .selectFrom('draw_items')
    .innerJoin('draw_transactions', 'draw_transactions.id', 'draw_items.transaction_id')
    .leftJoin('cards', 'cards.id', 'draw_items.card_id')
    .leftJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select([
      'draw_items.transaction_id as transactionId',
      'draw_items.position',
      'draw_items.user_card_id as userCardId',
      'draw_items.is_new as isNew',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.name as cardName',
    ])
    .where('draw_transactions.user_id', '=', userId)
    .orderBy('draw_items.transaction_id')
    .orderBy('draw_items.position')
    .execute()
}

export function listLedger(db: Reader, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'currency', 'amount', 'reason', 'reference', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function listPayments(db: Reader, userId: string) {
  return db
    .selectFrom('payments')
    .select([
      'id',
      'credit_product_id',
      'amount_cents',
      'currency',
      'credit_value',
      'product_type',
      'created_at',
      'fulfilled_at',
      'refused_at',
      'refunded_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function listCertificates(db: Reader, userId: string) {
  return db
    .selectFrom('credit_certificates')
    .select(['id', 'currency', 'credit_value', 'redeem_code', 'source', 'created_at', 'redeemed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The travellers who joined with the traveller's friend code, as the wallet lists them. */
export function listReferrals(db: Reader, userId: string) {
  return db
    .selectFrom('referral_rewards')
    .innerJoin('users', 'users.id', 'referral_rewards.invitee_id')
    .select(['users.username', 'referral_rewards.created_at', 'referral_rewards.status', 'referral_rewards.settled_at'])
    .where('referral_rewards.inviter_id', '=', userId)
    .orderBy('referral_rewards.created_at')
    .orderBy('users.id')
    .execute()
}

export function listNotifications(db: Reader, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'title', 'content', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function listContentRequests(db: Reader, userId: string) {
  return db
    .selectFrom('content_requests')
    .select(['id', 'request_type', 'request_content', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The traveller's own memories that are in a trip. */
export function listOwnTripMemories(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('trip_memories')
    .innerJoin('memories', 'memories.id', 'trip_memories.memory_id')
    .select(['trip_memories.trip_id as tripId', 'trip_memories.memory_id as memoryId'])
    .where('memories.user_id', '=', userId)
    .orderBy('trip_memories.added_at')
    .orderBy('trip_memories.memory_id')
    .execute()
}
