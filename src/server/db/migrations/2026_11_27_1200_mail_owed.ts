import type { Kysely } from 'kysely'

/**
 * The e-mails the product owes its travellers (docs/product.md#e-mails).
 *
 * `mail_outbox.dedupe_key` names a message that must exist at most once (the receipt of a payment, the announcement
 * to one traveller, one day's digest): a unique index, so a second recording of it is a no-op whichever path tries.
 * `physical_card_requests` keeps each traveller's "Get Notified" for physical cards, once per account, and when the
 * announcement was recorded for them. `mail_digest_subscriptions` holds the travellers who chose the daily digest
 * (no row: off, the default) and the moment the next digest starts from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('dedupe_key', 'text').execute()
  await db.schema.createIndex('mail_outbox_dedupe_key_idx').on('mail_outbox').column('dedupe_key').unique().execute()

  await db.schema
    .createTable('physical_card_requests')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('announced_at', 'text')
    .execute()

  await db.schema
    .createTable('mail_digest_subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('subscribed_at', 'text', (c) => c.notNull())
    .addColumn('covered_until', 'text', (c) => c.notNull())
    .addColumn('next_digest_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('mail_digest_subscriptions_due_idx')
    .on('mail_digest_subscriptions')
    .column('next_digest_at')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_digest_subscriptions').execute()
  await db.schema.dropTable('physical_card_requests').execute()
  await db.schema.dropIndex('mail_outbox_dedupe_key_idx').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('dedupe_key').execute()
}
