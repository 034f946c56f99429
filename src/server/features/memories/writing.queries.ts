import type { Insertable, Kysely, Transaction } from 'kysely'

import { selectUserCardsWithCatalogue } from '../../db/catalogueJoins'
import type { Database, MemoriesTable } from '../../db/schema'

/** The SQL of writing.ts: creating and editing a memory, its tags and its pictures. */

type Reader = Kysely<Database> | Transaction<Database>

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
