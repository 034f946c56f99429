import { sql, type Kysely, type Transaction } from 'kysely'

import type { Database } from '../../db/schema'

/** The SQL of photoImport.ts: imported photos, the visits (drafts) they are grouped into, and souvenir copies. */

type Reader = Kysely<Database> | Transaction<Database>

/** The traveller's imported photos still waiting for a memory, in the order they were taken (undated last). */
export function listImportedPhotos(db: Reader, userId: string) {
  return db
    .selectFrom('memory_pictures')
    .select([
      'file_name as fileName',
      'width',
      'height',
      'draft_id as draftId',
      'visit_card_set_id as placeId',
      'visit_verdict as verdict',
      'visit_taken_on as takenOn',
      'created_at as createdAt',
    ])
    .where('user_id', '=', userId)
    .where('memory_id', 'is', null)
    .where('imported', '=', 1)
    .orderBy(sql`visit_taken_on is null`)
    .orderBy('visit_taken_on')
    .orderBy('created_at')
    .orderBy('file_name')
    .execute()
}

export function listDrafts(db: Reader, userId: string) {
  return db
    .selectFrom('memory_drafts')
    .select(['id', 'card_set_id as cardSetId', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function findDraft(db: Reader, userId: string, draftId: string) {
  return db
    .selectFrom('memory_drafts')
    .select(['id', 'card_set_id as cardSetId', 'created_at as createdAt'])
    .where('id', '=', draftId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function insertDraft(
  trx: Transaction<Database>,
  draft: { id: string; userId: string; cardSetId: string; createdAt: string },
): Promise<void> {
  await trx
    .insertInto('memory_drafts')
    .values({ id: draft.id, user_id: draft.userId, card_set_id: draft.cardSetId, created_at: draft.createdAt })
    .execute()
}

/**
 * The traveller's drafts of a place holding a photo taken within a day of `day`: the visits a photo of that day
 * continues (consecutive days make one visit), oldest first.
 */
export async function listDraftsAdjacentTo(
  trx: Transaction<Database>,
  userId: string,
  cardSetId: string,
  day: { before: string; after: string },
): Promise<string[]> {
  const rows = await trx
    .selectFrom('memory_drafts')
    .innerJoin('memory_pictures', 'memory_pictures.draft_id', 'memory_drafts.id')
    .select('memory_drafts.id')
    .distinct()
    .where('memory_drafts.user_id', '=', userId)
    .where('memory_drafts.card_set_id', '=', cardSetId)
    .where('memory_pictures.memory_id', 'is', null)
    .where('memory_pictures.visit_taken_on', '>=', day.before)
    .where('memory_pictures.visit_taken_on', '<=', day.after)
    .execute()
  return rows.map((row) => row.id)
}

/** Moves every photo of the `from` drafts into `to` and deletes them: visits a new photo joined into one. */
export async function mergeDrafts(
  trx: Transaction<Database>,
  userId: string,
  to: string,
  from: string[],
): Promise<void> {
  if (from.length === 0) return
  await trx
    .updateTable('memory_pictures')
    .set({ draft_id: to })
    .where('user_id', '=', userId)
    .where('draft_id', 'in', from)
    .execute()
  await trx.deleteFrom('memory_drafts').where('user_id', '=', userId).where('id', 'in', from).execute()
}

/** Puts one of the traveller's waiting imported photos in a draft (or none); false when there is no such photo. */
export async function setPhotoDraft(
  trx: Transaction<Database>,
  userId: string,
  fileName: string,
  draftId: string | null,
): Promise<boolean> {
  const updated = await trx
    .updateTable('memory_pictures')
    .set({ draft_id: draftId })
    .where('file_name', '=', fileName)
    .where('user_id', '=', userId)
    .where('memory_id', 'is', null)
    .where('imported', '=', 1)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

export function findImportedPhoto(db: Reader, userId: string, fileName: string) {
  return db
    .selectFrom('memory_pictures')
    .select(['file_name as fileName', 'draft_id as draftId'])
    .where('file_name', '=', fileName)
    .where('user_id', '=', userId)
    .where('memory_id', 'is', null)
    .where('imported', '=', 1)
    .executeTakeFirst()
}

export async function deleteImportedPhotos(
  trx: Transaction<Database>,
  userId: string,
  fileNames: readonly string[],
): Promise<void> {
  if (fileNames.length === 0) return
  await trx
    .deleteFrom('memory_pictures')
    .where('user_id', '=', userId)
    .where('file_name', 'in', fileNames)
    .where('memory_id', 'is', null)
    .execute()
}

export function listDraftPhotoNames(db: Reader, draftId: string) {
  return db
    .selectFrom('memory_pictures')
    .select([
      'file_name as fileName',
      'visit_card_set_id as placeId',
      'visit_verdict as verdict',
      'visit_taken_on as takenOn',
    ])
    .where('draft_id', '=', draftId)
    .where('memory_id', 'is', null)
    .orderBy(sql`visit_taken_on is null`)
    .orderBy('visit_taken_on')
    .orderBy('created_at')
    .orderBy('file_name')
    .execute()
}

/** Deletes a draft that holds no waiting photo any more; answers whether it went. */
export async function deleteDraftIfEmpty(trx: Transaction<Database>, draftId: string): Promise<void> {
  await trx
    .deleteFrom('memory_drafts')
    .where('id', '=', draftId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('memory_pictures')
            .select('file_name')
            .where('draft_id', '=', draftId)
            .where('memory_id', 'is', null),
        ),
      ),
    )
    .execute()
}

export async function deleteDraft(trx: Transaction<Database>, userId: string, draftId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('memory_drafts')
    .where('id', '=', draftId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}

export async function setDraftPlace(
  trx: Transaction<Database>,
  userId: string,
  draftId: string,
  cardSetId: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable('memory_drafts')
    .set({ card_set_id: cardSetId })
    .where('id', '=', draftId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/** Takes a saved draft's photos out of it: they belong to the memory now. */
export async function releaseDraftPhotos(trx: Transaction<Database>, draftId: string): Promise<void> {
  await trx.updateTable('memory_pictures').set({ draft_id: null }).where('draft_id', '=', draftId).execute()
}

/** The traveller's copies without a memory of these places, rarest first, then oldest. */
export function listFreeCopiesOfPlaces(db: Reader, userId: string, cardSetIds: readonly string[]) {
  if (cardSetIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .leftJoin('memories', 'memories.user_card_id', 'user_cards.id')
    .select(['user_cards.id as userCardId', 'cards.id as cardId', 'cards.rarity', 'cards.card_set_id as cardSetId'])
    .where('user_cards.user_id', '=', userId)
    .where('cards.card_set_id', 'in', cardSetIds)
    .where('memories.id', 'is', null)
    .orderBy('cards.rarity', 'desc')
    .orderBy('user_cards.created_at')
    .orderBy('user_cards.id')
    .execute()
}

/** Souvenir copies the traveller earned since `since` (the start of today, UTC). */
export async function countSouvenirsSince(db: Reader, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('user_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('acquisition', '=', 'souvenir')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  // PostgreSQL answers a count as a string of digits.
  return Number(row.count)
}

/** The visit days (first days) of the traveller's souvenirs of these cards. */
export function listSouvenirDays(db: Reader, userId: string, cardIds: readonly string[]) {
  if (cardIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('user_cards')
    .select(['card_id as cardId', 'souvenir_day as day'])
    .where('user_id', '=', userId)
    .where('card_id', 'in', cardIds)
    .where('souvenir_day', 'is not', null)
    .execute()
}

/** Drafts made before `cutOff`: their photos become ordinary waiting uploads, which the sweep removes. */
export async function deleteDraftsBefore(db: Kysely<Database>, cutOff: string): Promise<number> {
  const deleted = await db.deleteFrom('memory_drafts').where('created_at', '<', cutOff).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
