import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_ledger_once', ['user_id', 'currency', 'reason', 'reference'])
    .execute()

  await db.schema
    .createTable('credit_products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('credit_value', 'integer', (c) => c.notNull())
    .addColumn('list_price_cents', 'integer', (c) => c.notNull())
    .addColumn('actual_price_cents', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await db.schema
    .createTable('credit_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('credit_value', 'integer', (c) => c.notNull())
    .addColumn('redeem_code', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'text')
    .addUniqueConstraint('credit_certificates_once', ['source', 'source_ref'])
    .execute()
  await db.schema.createIndex('credit_certificates_user_idx').on('credit_certificates').column('user_id').execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credit_product_id', 'integer', (c) => c.notNull().references('credit_products.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('credit_value', 'integer', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('fulfilled_at', 'text')
    .execute()

  await db.schema
    .createTable('test_payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('referral_rewards')
    .addColumn('invitee_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'referral_rewards',
    'test_payment_intents',
    'payments',
    'credit_certificates',
    'credit_products',
    'credit_ledger',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
