import type { Kysely, Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { selectUserCardsWithCatalogue } from '../../db/catalogueJoins'
import type { Database } from '../../db/schema'

type Reader = Kysely<Database> | Transaction<Database>

/** Every copy the user owns, with its card, place, collection, memory and been-there mark; rarest first. */
export function listOwnedCopies(db: Reader, userId: string) {
  return selectUserCardsWithCatalogue(db)
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .leftJoin('been_there', (join) =>
      join.onRef('been_there.card_set_id', '=', 'card_sets.id').on('been_there.user_id', '=', userId),
    )
    .select([
      'user_cards.id as userCardId',
      'user_cards.created_at as createdAt',
      'cards.id as cardId',
      'cards.rarity as rarity',
      'card_sets.name as cardName',
      'card_sets.sort_order as placeOrder',
      'collections.id as collectionId',
      'collections.name as collectionName',
      'collections.sort_order as collectionOrder',
      'memories.id as memoryId',
      'been_there.user_id as beenThereUserId',
    ])
    .where('user_cards.user_id', '=', userId)
    .orderBy('collections.sort_order')
    .orderBy('cards.rarity', 'desc')
    .orderBy('card_sets.sort_order')
    .orderBy('user_cards.created_at')
    .orderBy('user_cards.id')
    .execute()
}

export function findUserCard(db: Reader, userCardId: string) {
  return selectUserCardsWithCatalogue(db)
    .innerJoin('users', 'users.id', 'user_cards.user_id')
    .select([
      'user_cards.id as userCardId',
      'user_cards.user_id as ownerId',
      'user_cards.acquisition',
      'user_cards.created_at as createdAt',
      'users.username as ownerUsername',
      'cards.id as cardId',
      'cards.rarity as rarity',
      'card_sets.id as cardSetId',
      'card_sets.name as cardName',
      'card_sets.description as cardDescription',
      'collections.id as collectionId',
      'collections.name as collectionName',
    ])
    .where('user_cards.id', '=', userCardId)
    .executeTakeFirst()
}

/** The owner's copy with its rarity and whether a memory is attached; undefined for anyone else. */
export function findOwnedCopy(db: Reader, userId: string, userCardId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select(['user_cards.id', 'user_cards.card_id as cardId', 'cards.rarity', 'memories.id as memoryId'])
    .where('user_cards.id', '=', userCardId)
    .where('user_cards.user_id', '=', userId)
    .executeTakeFirst()
}

/** The public facts of a shared copy: never the owner's e-mail, credit or other copies. */
export function findSharedCopy(db: Reader, userCardId: string) {
  return selectUserCardsWithCatalogue(db)
    .innerJoin('users', 'users.id', 'user_cards.user_id')
    .select([
      'user_cards.id as userCardId',
      'user_cards.created_at as createdAt',
      'users.username as ownerUsername',
      'users.friend_code as ownerFriendCode',
      'cards.id as cardId',
      'cards.rarity as rarity',
      'card_sets.name as cardName',
      'collections.name as collectionName',
    ])
    .where('user_cards.id', '=', userCardId)
    .executeTakeFirst()
}

/** The copy's memory only when its owner made it Public. */
export function findPublicMemoryOfCopy(db: Reader, userCardId: string) {
  return db
    .selectFrom('memories')
    .select(['id', 'start_date', 'end_date', 'content'])
    .where('user_card_id', '=', userCardId)
    .where('visibility', '=', VISIBILITY.Public)
    .executeTakeFirst()
}
