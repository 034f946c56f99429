import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { notBlockedWith } from '../../db/blocks'
import { memoryNotModeratedFor } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import type { UniqueKey } from '../../lib/databaseErrors'

/**
 * The memories feature's shared SQL: who may see a memory, and the lookups several of its modules make. Each module's
 * own queries sit beside it in `<module>.queries.ts`.
 */

type Reader = Kysely<Database> | Transaction<Database>

/**
 * Who may see a memory, as one SQL condition used by every read: the author always; everyone logged in when Public;
 * the author's friends and the users tagged in it when Friends; nobody else when Private
 * (docs/architecture.md#visibility). Nobody but the author sees it while moderation hides it or suspends the author,
 * and never a traveller the author blocked or was blocked by (docs/security.md#blocking).
 */
export function visibleTo(viewerId: string) {
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
export function selectMemoriesWithCards(db: Reader) {
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
      'user_cards.acquisition',
      'cards.id as cardId',
      'cards.rarity',
      'card_sets.id as cardSetId',
      'card_sets.name as cardName',
    ])
    .where('memories.id', '=', memoryId)
    .where('memories.user_id', '=', userId)
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

export function listPictures(db: Reader, memoryIds: string[]) {
  return db
    .selectFrom('memory_pictures')
    .select(['memory_id as memoryId', 'file_name as fileName', 'width', 'height'])
    .where('memory_id', 'in', memoryIds)
    .orderBy('position')
    .orderBy('file_name')
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

export function findUsername(db: Reader, userId: string) {
  return db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()
}
