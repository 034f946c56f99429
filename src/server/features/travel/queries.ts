import type { Kysely, Transaction } from 'kysely'

import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import type { Database, PlaceVerificationsTable } from '../../db/schema'

type Reader = Kysely<Database> | Transaction<Database>

/** The cards of which the user holds at least one copy: read from the (user_id, card_id) index alone. */
export function listHeldCardIds(db: Reader, userId: string) {
  return db.selectFrom('user_cards').select('card_id as cardId').where('user_id', '=', userId).distinct().execute()
}

const beenThere = compiledOnce((db, value: ValueOf<{ userId: string }>) =>
  db.selectFrom('been_there').select('card_set_id as cardSetId').where('user_id', '=', value('userId')),
)

/** The places the user marked "been there": read by My Map and the progress figures (My Collection reads them with its copies). */
export function listBeenThere(db: Reader, userId: string) {
  return beenThere(db, { userId })
}

export function listVerifications(db: Reader, userId: string) {
  return db
    .selectFrom('place_verifications')
    .select(['card_set_id as cardSetId', 'taken_on as takenOn', 'verified_at as verifiedAt', 'memory_id as memoryId'])
    .where('user_id', '=', userId)
    .execute()
}

export function listWantToGo(db: Reader, userId: string) {
  return db
    .selectFrom('want_to_go')
    .select(['card_set_id as cardSetId', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('card_set_id')
    .execute()
}

export function findVerification(db: Reader, userId: string, cardSetId: string) {
  return db
    .selectFrom('place_verifications')
    .select(['taken_on as takenOn', 'verified_at as verifiedAt', 'memory_id as memoryId'])
    .where('user_id', '=', userId)
    .where('card_set_id', '=', cardSetId)
    .executeTakeFirst()
}

export async function hasBeenThere(db: Reader, userId: string, cardSetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('been_there')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('card_set_id', '=', cardSetId)
    .executeTakeFirst()
  return row !== undefined
}

export async function isOnWantToGo(db: Reader, userId: string, cardSetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('want_to_go')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('card_set_id', '=', cardSetId)
    .executeTakeFirst()
  return row !== undefined
}

/** The first verification of a place stands; a later picture of the same place changes nothing. */
export async function insertVerification(trx: Transaction<Database>, row: PlaceVerificationsTable): Promise<void> {
  await trx
    .insertInto('place_verifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'card_set_id']).doNothing())
    .execute()
}

export async function deleteVerification(db: Reader, userId: string, cardSetId: string): Promise<void> {
  await db
    .deleteFrom('place_verifications')
    .where('user_id', '=', userId)
    .where('card_set_id', '=', cardSetId)
    .execute()
}

export async function insertWantToGo(db: Reader, userId: string, cardSetId: string, createdAt: string): Promise<void> {
  await db
    .insertInto('want_to_go')
    .values({ user_id: userId, card_set_id: cardSetId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'card_set_id']).doNothing())
    .execute()
}

export async function deleteWantToGo(db: Reader, userId: string, cardSetId: string): Promise<void> {
  await db.deleteFrom('want_to_go').where('user_id', '=', userId).where('card_set_id', '=', cardSetId).execute()
}

/** The user's friends who marked any of the places as been there. */
export function listFriendsBeenThere(db: Reader, userId: string, cardSetIds: string[]) {
  return db
    .selectFrom('friendships')
    .innerJoin('been_there', 'been_there.user_id', 'friendships.friend_id')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select([
      'been_there.card_set_id as cardSetId',
      'users.id as userId',
      'users.username',
      'users.avatar_id as avatarId',
    ])
    .where('friendships.user_id', '=', userId)
    .where('been_there.card_set_id', 'in', cardSetIds.length > 0 ? cardSetIds : [''])
    .execute()
}

/** The user's friends whose visit to any of the places is verified. */
export function listFriendsVerified(db: Reader, userId: string, cardSetIds: string[]) {
  return db
    .selectFrom('friendships')
    .innerJoin('place_verifications', 'place_verifications.user_id', 'friendships.friend_id')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select([
      'place_verifications.card_set_id as cardSetId',
      'users.id as userId',
      'users.username',
      'users.avatar_id as avatarId',
    ])
    .where('friendships.user_id', '=', userId)
    .where('place_verifications.card_set_id', 'in', cardSetIds.length > 0 ? cardSetIds : [''])
    .execute()
}

/** A traveller by friend code, for the public preview of their map: the id and the name, nothing else. */
export function findTravellerByFriendCode(db: Reader, friendCode: string) {
  return db.selectFrom('users').select(['id', 'username']).where('friend_code', '=', friendCode).executeTakeFirst()
}
