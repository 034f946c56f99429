import type { Kysely } from 'kysely'

/**
 * Changing an account's e-mail address (docs/product.md#change-e-mail, docs/security.md#account-changes).
 *
 * One row per request: the link sent to the new address is kept as the SHA-256 of its token (`token_hash`), and once
 * it is used (`confirmed_at`) the address changes and the old address receives a link to undo it, kept the same way
 * (`undo_token_hash`, until `undo_expires_at`). A newer request, a confirmation or an undo closes the requests still
 * open (`cancelled_at`). No token is ever stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('old_email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('undo_token_hash', 'text', (c) => c.unique())
    .addColumn('undo_expires_at', 'text')
    .addColumn('undone_at', 'text')
    .execute()
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute()
}
