import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One memory per user card.
    .addColumn('user_card_id', 'text', (c) => c.notNull().unique().references('user_cards.id'))
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // Feed keyset: (created_at, id) descending, per author and per visibility.
  await db.schema.createIndex('memories_feed_idx').on('memories').columns(['created_at', 'id']).execute()
  await db.schema
    .createIndex('memories_user_feed_idx')
    .on('memories')
    .columns(['user_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('memories_visibility_feed_idx')
    .on('memories')
    .columns(['visibility', 'created_at', 'id'])
    .execute()

  await db.schema
    .createTable('memory_pictures')
    .addColumn('file_name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('memory_id', 'text', (c) => c.references('memories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('memory_pictures_memory_idx').on('memory_pictures').column('memory_id').execute()

  await db.schema
    .createTable('memory_tags')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('memory_tags_pk', ['memory_id', 'user_id'])
    .execute()
  await db.schema.createIndex('memory_tags_user_idx').on('memory_tags').column('user_id').execute()

  await db.schema
    .createTable('memory_likes')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memory_likes_pk', ['memory_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('memory_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reply_to_comment_id', 'text', (c) => c.references('memory_comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('memory_comments_memory_idx')
    .on('memory_comments')
    .columns(['memory_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['memory_comments', 'memory_likes', 'memory_tags', 'memory_pictures', 'memories']) {
    await db.schema.dropTable(table).execute()
  }
}
