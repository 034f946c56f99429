import { sql, type Kysely, type Transaction } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { selectUserCardsWithCatalogue } from '../../db/catalogueJoins'
import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import { memoryShownToEveryone } from '../../db/moderationFilters'
import type { CardGiftsTable, Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import type { KeysetKey } from '../../lib/keysetCursor'

type Reader = Kysely<Database> | Transaction<Database>

interface MyCollectionRow {
  userCardId: string | null
  cardId: string | null
  createdAt: string | null
  acquisition: string | null
  memoryId: string | null
  placeBeenThere: string | null
}

/**
 * The copies, then the places been there, as rows of one statement (`placeBeenThere` set on a place's row alone):
 * one round trip on PostgreSQL, and rows rather than a JSON array, which for a collector's 10,000 copies took half as
 * long again to build and read (docs/benchmarks.md).
 */
const myCollectionRows = compiledOnce((db, value: ValueOf<{ userId: string }>) =>
  db
    .selectFrom('user_cards')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select([
      'user_cards.id as userCardId',
      'user_cards.card_id as cardId',
      'user_cards.created_at as createdAt',
      'user_cards.acquisition',
      'memories.id as memoryId',
      sql<string | null>`null`.as('placeBeenThere'),
    ])
    .where('user_cards.user_id', '=', value('userId'))
    .unionAll(
      db
        .selectFrom('been_there')
        .select([
          sql<string>`null`.as('userCardId'),
          sql<string>`null`.as('cardId'),
          sql<string>`null`.as('createdAt'),
          sql<string>`null`.as('acquisition'),
          sql<string | null>`null`.as('memoryId'),
          'been_there.card_set_id as placeBeenThere',
        ])
        .where('been_there.user_id', '=', value('userId')),
    )
    .$castTo<MyCollectionRow>(),
)

/**
 * What My Collection is made of: every copy the user owns, with the memory on it, in no order (the card, its place and
 * its collection come from the catalogue in memory, and My Collection orders the copies itself, service.ts), and the
 * places the user marked "been there".
 */
export async function listOwnedCopiesAndPlacesBeenThere(db: Reader, userId: string) {
  const copies: OwnedCopy[] = []
  const beenThere = new Set<string>()
  for (const row of await myCollectionRows(db, { userId })) {
    // A copy's row has every copy column (not null in user_cards), so it is kept as it came: a collector has
    // thousands.
    if (row.placeBeenThere === null) copies.push(row as OwnedCopy)
    else beenThere.add(row.placeBeenThere)
  }
  return { copies, beenThere }
}

interface OwnedCopy {
  userCardId: string
  cardId: string
  createdAt: string
  acquisition: string
  memoryId: string | null
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
    .select([
      'user_cards.id',
      'user_cards.card_id as cardId',
      'user_cards.acquisition',
      'cards.rarity',
      'memories.id as memoryId',
    ])
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
    .where(memoryShownToEveryone(nowIso()))
    .executeTakeFirst()
}

export async function countOwnedCopiesOfCard(db: Reader, userId: string, cardId: string): Promise<number> {
  const row = await db
    .selectFrom('user_cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .executeTakeFirstOrThrow()
  return row.count
}

/**
 * Counts one more gift for the giver's day unless the day is full; the new count, or undefined when it was full. The
 * row's update is what makes one giver's concurrent gifts wait for each other.
 */
export async function countGiftInDay(trx: Transaction<Database>, giverId: string, day: string, dailyLimit: number) {
  await trx
    .insertInto('card_gift_days')
    .values({ giver_id: giverId, day, gift_count: 0 })
    .onConflict((oc) => oc.columns(['giver_id', 'day']).doNothing())
    .execute()
  const counted = await trx
    .updateTable('card_gift_days')
    .set((eb) => ({ gift_count: eb('gift_count', '+', 1) }))
    .where('giver_id', '=', giverId)
    .where('day', '=', day)
    .where('gift_count', '<', dailyLimit)
    .returning('gift_count')
    .executeTakeFirst()
  return counted?.gift_count
}

export async function findGiftsInDay(db: Reader, giverId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('card_gift_days')
    .select('gift_count')
    .where('giver_id', '=', giverId)
    .where('day', '=', day)
    .executeTakeFirst()
  return row?.gift_count ?? 0
}

export async function insertCardGift(trx: Transaction<Database>, gift: CardGiftsTable): Promise<void> {
  await trx.insertInto('card_gifts').values(gift).execute()
}

/**
 * The gifts the user gave or received, newest first, strictly after the cursor, with the card and the other
 * traveller's current name. Each side is one range scan of its (user, created_at, id) index.
 */
export async function listGiftsOfUser(db: Reader, userId: string, cursor: KeysetKey | null, limit: number) {
  const side = (column: 'giver_id' | 'receiver_id', other: 'giver_id' | 'receiver_id') =>
    db
      .selectFrom('card_gifts')
      .innerJoin('cards', 'cards.id', 'card_gifts.card_id')
      .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
      .leftJoin('users', 'users.id', `card_gifts.${other}`)
      .select([
        'card_gifts.id',
        'card_gifts.created_at',
        'card_gifts.user_card_id as userCardId',
        'card_gifts.is_new as isNew',
        'cards.id as cardId',
        'cards.rarity as cardRarity',
        'card_sets.name as cardName',
        'users.username as friendUsername',
      ])
      .where(`card_gifts.${column}`, '=', userId)
      .$if(cursor != null, (q) =>
        q.where((eb) =>
          eb(
            eb.refTuple('card_gifts.created_at', 'card_gifts.id'),
            '<',
            eb.tuple((cursor as KeysetKey).createdAt, (cursor as KeysetKey).id),
          ),
        ),
      )
      .orderBy('card_gifts.created_at', 'desc')
      .orderBy('card_gifts.id', 'desc')
      .limit(limit)
      .execute()
  const [sent, received] = await Promise.all([side('giver_id', 'receiver_id'), side('receiver_id', 'giver_id')])
  return [
    ...sent.map((row) => ({ ...row, direction: 'sent' as const })),
    ...received.map((row) => ({ ...row, direction: 'received' as const })),
  ]
}

export async function findCardOfCopy(db: Reader, userCardId: string) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['card_sets.name as cardName'])
    .where('user_cards.id', '=', userCardId)
    .executeTakeFirstOrThrow()
}

export async function findUsername(db: Reader, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()
  return row.username
}

/** Deletes the gift counts of days before `day` (YYYY-MM-DD, UTC): only today's count limits anything. */
export async function deleteGiftDaysBefore(db: Kysely<Database>, day: string): Promise<number> {
  const result = await db.deleteFrom('card_gift_days').where('day', '<', day).executeTakeFirst()
  return Number(result.numDeletedRows)
}
