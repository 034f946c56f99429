import { sql, type Kysely } from 'kysely'

/**
 * Monthly spending limits on credit purchases (docs/product.md#spending-limits).
 *
 * - `spending_limits`: one row per user who set a limit. `monthly_limit_cents` is the limit in force (null: none);
 *   a raise or a removal waits in `pending_limit_cents` until `pending_applies_at` (set ⇔ a change is waiting, so a
 *   waiting removal is a null limit with a time). Every purchase and fulfilment takes this row with an UPDATE that also
 *   applies a change that has come due, which is what serialises one user's purchases on both databases.
 * - `spending_holds`: a purchase started and not yet paid holds its price against the month until `expires_at`; its id
 *   is the payment's id, so fulfilment releases it.
 * - `payments.refused_at`: a payment that the re-check at fulfilment refused (it would pass the limit in force then);
 *   it is never credited, and `refunded_at` says when the provider gave the money back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spending_limits')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('monthly_limit_cents', 'integer')
    .addColumn('pending_limit_cents', 'integer')
    .addColumn('pending_applies_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('spending_limits_not_negative', sql`monthly_limit_cents >= 0 AND pending_limit_cents >= 0`)
    .execute()

  await db.schema
    .createTable('spending_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('spending_holds_user_idx')
    .on('spending_holds')
    .columns(['user_id', 'expires_at'])
    .execute()

  await db.schema.alterTable('payments').addColumn('refused_at', 'text').execute()
  await db.schema.alterTable('payments').addColumn('refunded_at', 'text').execute()
  await db.schema
    .createIndex('payments_user_fulfilled_idx')
    .on('payments')
    .columns(['user_id', 'fulfilled_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_user_fulfilled_idx').execute()
  await db.schema.alterTable('payments').dropColumn('refunded_at').execute()
  await db.schema.alterTable('payments').dropColumn('refused_at').execute()
  await db.schema.dropTable('spending_holds').execute()
  await db.schema.dropTable('spending_limits').execute()
}
