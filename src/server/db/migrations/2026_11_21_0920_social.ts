import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // A friendship is two rows, one per direction, so "my friends" is one indexed lookup.
  await db.schema
    .createTable('friendships')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
    .execute()
  await db.schema.createIndex('friendships_friend_idx').on('friendships').column('friend_id').execute()

  await db.schema
    .createTable('content_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('request_type', 'text', (c) => c.notNull())
    .addColumn('request_content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_requests').execute()
  await db.schema.dropTable('friendships').execute()
}
