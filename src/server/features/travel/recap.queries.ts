import type { Kysely } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { memoryShownToEveryone, userNotSuspended } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'

/** The SQL of recap.ts. A year is the half-open range [from, until) of ISO timestamps or days, compared as text. */

export interface YearRange {
  from: string
  until: string
}

/** Each held copy's card and arrival: the year's copies and each place's first arrival are read from these. */
export function listHeldCopies(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_cards')
    .select(['card_id as cardId', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .execute()
}

export function listVerificationDays(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('place_verifications')
    .select(['card_set_id as cardSetId', 'taken_on as takenOn', 'verified_at as verifiedAt'])
    .where('user_id', '=', userId)
    .execute()
}

/**
 * The author's memories of the year: begun in it, or without dates and written in it. `public` says whether anyone
 * may see it (Public, not hidden by an operator).
 */
export function listMemoriesOfYear(db: Kysely<Database>, userId: string, year: YearRange, at: string) {
  return (
    db
      .selectFrom('memories')
      .innerJoin('user_cards', 'user_cards.id', 'memories.user_card_id')
      .innerJoin('cards', 'cards.id', 'user_cards.card_id')
      .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
      // The trip holding a memory, if any: the year's trips are those its memories are in.
      .leftJoin('trip_memories', 'trip_memories.memory_id', 'memories.id')
      .leftJoin('trips', 'trips.id', 'trip_memories.trip_id')
      .select((eb) => [
        'memories.id',
        'memories.start_date as startDate',
        'memories.end_date as endDate',
        'card_sets.name as place',
        'trips.id as tripId',
        'trips.title as tripTitle',
        eb
          .case()
          .when(eb.and([eb('memories.visibility', '=', VISIBILITY.Public), memoryShownToEveryone(at)(eb)]))
          .then(1)
          .else(0)
          .end()
          .as('isPublic'),
      ])
      .where('memories.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('memories.start_date', '>=', year.from), eb('memories.start_date', '<', year.until)]),
          eb.and([
            eb('memories.start_date', 'is', null),
            eb('memories.created_at', '>=', year.from),
            eb('memories.created_at', '<', year.until),
          ]),
        ]),
      )
      .execute()
  )
}

export async function countFriendsMade(db: Kysely<Database>, userId: string, year: YearRange): Promise<number> {
  const row = await db
    .selectFrom('friendships')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', year.from)
    .where('created_at', '<', year.until)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

export function findShare(db: Kysely<Database>, userId: string, yearNumber: number) {
  return db
    .selectFrom('year_recap_shares')
    .select('share_id as shareId')
    .where('user_id', '=', userId)
    .where('year', '=', yearNumber)
    .executeTakeFirst()
}

/** Records the share unless the year is shared already (the primary key decides between racing clicks). */
export async function insertShare(
  db: Kysely<Database>,
  row: { user_id: string; year: number; share_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('year_recap_shares')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
    .execute()
}

export async function deleteShare(db: Kysely<Database>, userId: string, yearNumber: number): Promise<void> {
  await db.deleteFrom('year_recap_shares').where('user_id', '=', userId).where('year', '=', yearNumber).execute()
}

/** The shared year and its traveller, when the link is live and the traveller may be shown (not suspended). */
export function findSharedRecap(db: Kysely<Database>, shareId: string, at: string) {
  return db
    .selectFrom('year_recap_shares')
    .innerJoin('users', 'users.id', 'year_recap_shares.user_id')
    .select([
      'year_recap_shares.year',
      'users.id as userId',
      'users.username',
      'users.avatar_id as avatarId',
      'users.friend_code as friendCode',
    ])
    .where('year_recap_shares.share_id', '=', shareId)
    .where(userNotSuspended(at))
    .executeTakeFirst()
}
