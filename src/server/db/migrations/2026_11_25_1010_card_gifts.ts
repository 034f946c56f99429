import type { Kysely } from 'kysely'

/**
 * Gifts of a duplicate copy to a friend (docs/product.md#gifts).
 *
 * - `card_gifts`: one row per gift, shown in both travellers' draw histories. The copy itself moves (user_cards keeps
 *   its id, card and rarity); `card_id` keeps the card when the copy is later recycled (`user_card_id` then goes
 *   null). A traveller who leaves becomes null on the other's row, which stays in their history.
 * - `card_gift_days`: gifts given per giver and UTC day; its conditional increment is what keeps concurrent gifts
 *   within the daily limit on both databases, and it serialises one giver's gifts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_gifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('giver_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('receiver_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_card_id', 'text', (c) => c.references('user_cards.id').onDelete('set null'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    /** 1 when the receiver had no copy of the card before: "NEW" in their history. */
    .addColumn('is_new', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('card_gifts_giver_idx')
    .on('card_gifts')
    .columns(['giver_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('card_gifts_receiver_idx')
    .on('card_gifts')
    .columns(['receiver_id', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('card_gifts_user_card_idx').on('card_gifts').column('user_card_id').execute()

  await db.schema
    .createTable('card_gift_days')
    .addColumn('giver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The calendar day in UTC, YYYY-MM-DD. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('gift_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('card_gift_days_pk', ['giver_id', 'day'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_gift_days').execute()
  await db.schema.dropTable('card_gifts').execute()
}
