import type { Kysely } from 'kysely'

/**
 * Memories from photos and souvenir copies (docs/product.md#memories-from-photos).
 *
 * - `memory_drafts`: a visit found in the traveller's imported photos (one place, consecutive days), waiting to become
 *   a memory. Deleted when it is saved, discarded, or 30 days after the import; its dates come from its photos.
 * - `memory_pictures.draft_id`: the draft an imported photo is in (null once the draft goes: the photo is then an
 *   ordinary unattached upload, which the sweep removes). `memory_pictures.imported`: 1 for a photo uploaded through
 *   the import, which waits 30 days instead of one.
 * - `user_cards.souvenir_day`: for a Souvenir copy (acquisition 'souvenir'), the first day of the verified visit that
 *   earned it. The unique key on (user, card, day) lets one souvenir be earned per place and visit day, whatever races.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('memory_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_set_id', 'text', (c) => c.notNull().references('card_sets.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('memory_drafts_user_idx')
    .on('memory_drafts')
    .columns(['user_id', 'card_set_id'])
    .execute()
  await db.schema.createIndex('memory_drafts_created_idx').on('memory_drafts').columns(['created_at']).execute()

  await db.schema
    .alterTable('memory_pictures')
    .addColumn('draft_id', 'text', (c) => c.references('memory_drafts.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('memory_pictures')
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('memory_pictures_draft_idx').on('memory_pictures').columns(['draft_id']).execute()

  await db.schema.alterTable('user_cards').addColumn('souvenir_day', 'text').execute()
  await db.schema
    .createIndex('user_cards_souvenir_idx')
    .on('user_cards')
    .columns(['user_id', 'card_id', 'souvenir_day'])
    .unique()
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_cards_souvenir_idx').execute()
  await db.schema.alterTable('user_cards').dropColumn('souvenir_day').execute()
  await db.schema.dropIndex('memory_pictures_draft_idx').execute()
  await db.schema.alterTable('memory_pictures').dropColumn('imported').execute()
  await db.schema.alterTable('memory_pictures').dropColumn('draft_id').execute()
  await db.schema.dropTable('memory_drafts').execute()
}
