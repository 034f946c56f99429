import { sql, type Kysely } from 'kysely'

/**
 * Refunds and disputes of purchases, and the age confirmation of paid draws (docs/product.md#refunds-and-disputes,
 * docs/product.md#age-confirmation).
 *
 * - `users.digital_credit_owed`, `users.physical_credit_owed`: credit a refund or a lost dispute took back that the
 *   balance no longer held (it was spent). The balance itself never goes below zero (its check stays); while anything
 *   is owed, spending is refused, and credit that comes in settles it first.
 * - `users.adult_confirmed_at`: when the traveller confirmed being 18 or older, asked once before the first paid draw.
 * - `payments.refunded_cents`, `payments.refund_credit_taken`: the most the provider has reported refunded of a
 *   purchase, and the credit taken back for it so far (refunds arrive as cumulative totals, in any order).
 * - `payment_events`: every refund and dispute event from the provider, once per event id (the primary key makes a
 *   replay a no-op), with its effect on the ledger; `payment_id` is null for a payment this app does not know.
 * - `payment_disputes`: one row per dispute, with the credit it holds back while it is open or after it was lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('digital_credit_owed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`digital_credit_owed >= 0`),
    )
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('physical_credit_owed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`physical_credit_owed >= 0`),
    )
    .execute()
  await db.schema.alterTable('users').addColumn('adult_confirmed_at', 'text').execute()

  await db.schema
    .alterTable('payments')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('payments')
    .addColumn('refund_credit_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.references('payments.id').onDelete('cascade'))
    .addColumn('provider_payment_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('provider_object_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('credit_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_owed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_restored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('payment_events_payment_idx').on('payment_events').columns(['payment_id']).execute()
  await db.schema.createIndex('payment_events_received_idx').on('payment_events').columns(['received_at']).execute()

  await db.schema
    .createTable('payment_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('credit_held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute()
  await db.schema.createIndex('payment_disputes_payment_idx').on('payment_disputes').columns(['payment_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_disputes').execute()
  await db.schema.dropTable('payment_events').execute()
  await db.schema.alterTable('payments').dropColumn('refund_credit_taken').execute()
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute()
  await db.schema.alterTable('users').dropColumn('adult_confirmed_at').execute()
  await db.schema.alterTable('users').dropColumn('physical_credit_owed').execute()
  await db.schema.alterTable('users').dropColumn('digital_credit_owed').execute()
}
