import type { Kysely } from 'kysely'

/**
 * Account deletion (docs/product.md#account-deletion). `account_deletions` holds a traveller's request during its grace
 * period: a login before `due_at` deletes the row (the deletion is cancelled); the deletion job claims a due row
 * (`started_at`), after which a login no longer cancels it, and the row goes with the account. `users.closed_at` marks
 * the anonymised tombstone that keeps a deleted account's ledger rows and payments for accounting: it has no e-mail,
 * username, friend code or password of its own (placeholders derived from its id fill the NOT NULL columns).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .execute()
  await db.schema.createIndex('account_deletions_due_idx').on('account_deletions').column('due_at').execute()
  await db.schema.alterTable('users').addColumn('closed_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('closed_at').execute()
  await db.schema.dropTable('account_deletions').execute()
}
