import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('card_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('card_sets_collection_idx')
    .on('card_sets')
    .columns(['collection_id', 'sort_order'])
    .execute()

  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_set_id', 'text', (c) => c.notNull().references('card_sets.id'))
    .addColumn('rarity', 'integer', (c) => c.notNull())
    .addUniqueConstraint('cards_set_rarity_unique', ['card_set_id', 'rarity'])
    .execute()
  await db.schema.createIndex('cards_rarity_idx').on('cards').column('rarity').execute()

  await db.schema
    .createTable('catalogue_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('user_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    .addColumn('acquisition', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('user_cards_user_card_idx').on('user_cards').columns(['user_id', 'card_id']).execute()

  await db.schema
    .createTable('been_there')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_set_id', 'text', (c) => c.notNull().references('card_sets.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('been_there_pk', ['user_id', 'card_set_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['been_there', 'user_cards', 'catalogue_versions', 'cards', 'card_sets', 'collections']) {
    await db.schema.dropTable(table).execute()
  }
}
