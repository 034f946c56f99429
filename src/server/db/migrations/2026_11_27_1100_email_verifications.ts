import { sql, type Kysely } from 'kysely'

/**
 * Verified e-mail addresses (docs/product.md#verified-e-mail, docs/security.md#e-mail-verification).
 *
 * `users.email_verified_at` is when the account proved it reads its address; null until then. Accounts made before
 * verification existed count as verified from their sign-up (docs/decisions.md, Accounts): nobody already buying
 * credit is locked out. `email_verifications` keeps each link by the SHA-256 of its token, never the token, with the
 * address it verifies: a link sent to an address the account no longer uses verifies nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute()
  await db
    .updateTable('users')
    .set({ email_verified_at: sql.ref('created_at') })
    .execute()

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute()
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute()
}
