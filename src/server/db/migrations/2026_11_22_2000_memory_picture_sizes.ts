import type { Kysely } from 'kysely'

/**
 * Stored size of each memory picture, so a user's unattached uploads can be bounded in bytes as well as in number.
 * Pictures stored before this column count as 0 bytes; they are attached or swept within a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('memory_pictures')
    .addColumn('byte_size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('memory_pictures_pending_idx')
    .on('memory_pictures')
    .columns(['user_id', 'memory_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('memory_pictures_pending_idx').execute()
  await db.schema.alterTable('memory_pictures').dropColumn('byte_size').execute()
}
