import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draw_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('exp_gain_result', 'text')
    // One free card per new account: the claim is a conditional update guarded by this unique column.
    .addColumn('claimed_by', 'text', (c) => c.unique().references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('draw_transactions_user_idx')
    .on('draw_transactions')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('draw_items')
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('draw_transactions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.references('cards.id'))
    .addColumn('user_card_id', 'text')
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('draw_items_pk', ['transaction_id', 'position'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('draw_items').execute()
  await db.schema.dropTable('draw_transactions').execute()
}
