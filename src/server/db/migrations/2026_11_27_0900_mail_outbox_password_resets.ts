import type { Kysely } from 'kysely'

/**
 * E-mail and the forgotten-password flow (docs/product.md#e-mails, docs/security.md#password-reset).
 *
 * `mail_outbox` holds every message from the transaction of the event that causes it until it is sent: the delivery
 * job claims due rows (`status` 'sending' with a `lease_until`), sends them, and marks them 'sent' (emptying the
 * payload, which may carry a one-time link) or puts them back with a later `next_attempt_at`; after the last attempt a
 * row stays 'failed'. `password_resets` keeps each reset link by the SHA-256 of its token, never the token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('claim_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute()
  await db.schema.dropTable('mail_outbox').execute()
}
