import type { Kysely } from 'kysely'

/**
 * Reports and moderation (docs/product.md#reports-and-moderation, docs/security.md#reports-and-moderation).
 *
 * - `reports`: one row per reporter and item (the unique key makes a second report of the same item change nothing).
 *   `item_id` names a memory, a comment or a traveller after `item_type`, so it carries no foreign key: an item
 *   deleted meanwhile is found missing when an operator acts on it.
 * - `moderation_items`: the queue, one entry per reported item (unique on the item): however many reports an item gets,
 *   from however many accounts, it is one entry. `version` grows with every change of the entry, and an action
 *   updates it only at the version the operator saw, so of two concurrent actions the second changes nothing.
 * - `memories.hidden_at` / `memory_comments.hidden_at` (with the reason told to the author): a hidden item is shown
 *   to its author only.
 * - `moderation_warnings` and `suspensions`: what an operator did to an author; a suspension runs until `ends_at`
 *   (null: for good) unless `lifted_at` ends it earlier.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('outcome', 'text')
    .addUniqueConstraint('reports_reporter_item_key', ['reporter_id', 'item_type', 'item_id'])
    .execute()
  await db.schema.createIndex('reports_item_idx').on('reports').columns(['item_type', 'item_id']).execute()

  await db.schema
    .createTable('moderation_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('report_count', 'integer', (c) => c.notNull())
    .addColumn('first_reported_at', 'text', (c) => c.notNull())
    .addColumn('last_reported_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('moderation_items_item_key', ['item_type', 'item_id'])
    .execute()
  await db.schema
    .createIndex('moderation_items_queue_idx')
    .on('moderation_items')
    .columns(['status', 'first_reported_at', 'id'])
    .execute()
  await db.schema.createIndex('moderation_items_author_idx').on('moderation_items').column('author_id').execute()

  for (const table of ['memories', 'memory_comments']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'text').execute()
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute()
  }

  await db.schema
    .createTable('moderation_warnings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text')
    .addColumn('item_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('moderation_warnings_user_idx').on('moderation_warnings').column('user_id').execute()

  await db.schema
    .createTable('suspensions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    /** Null: for good. */
    .addColumn('ends_at', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lifted_at', 'text')
    .addColumn('lifted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('suspensions_user_idx').on('suspensions').columns(['user_id', 'lifted_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('suspensions').execute()
  await db.schema.dropTable('moderation_warnings').execute()
  for (const table of ['memory_comments', 'memories']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute()
    await db.schema.alterTable(table).dropColumn('hidden_at').execute()
  }
  await db.schema.dropTable('moderation_items').execute()
  await db.schema.dropTable('reports').execute()
}
