import type { Kysely } from 'kysely'

/**
 * A year in cards, shared by link (docs/product.md#year-recap): one row per traveller and year they chose to share,
 * named by an unguessable id. The primary key makes sharing twice one share; stopping deletes the row, and the link
 * then finds nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('year_recap_shares')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('share_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('year_recap_shares_pkey', ['user_id', 'year'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('year_recap_shares').execute()
}
