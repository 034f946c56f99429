import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('friend_code', 'text', (c) => c.notNull().unique())
    .addColumn('avatar_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digital_credit', 'integer', (c) => c.notNull().defaultTo(0).check(sqlNonNegative('digital_credit')))
    .addColumn('physical_credit', 'integer', (c) => c.notNull().defaultTo(0).check(sqlNonNegative('physical_credit')))
    .addColumn('experience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referral_source', 'text')
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute()
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute()
  await db.schema.dropTable('sessions').execute()
  await db.schema.dropTable('users').execute()
}

function sqlNonNegative(column: string) {
  return sql.raw(`${column} >= 0`)
}
