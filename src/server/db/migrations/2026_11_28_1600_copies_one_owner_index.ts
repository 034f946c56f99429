import type { Kysely } from 'kysely'

/**
 * Copies keep one index on their owner and card: the souvenir key (user, card, souvenir day) starts with the same two
 * columns, so it answers every lookup the older (user, card) index did, My Map's index-only read included, and each
 * new copy now writes one index entry fewer (docs/benchmarks.md, "Group commit").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_cards_user_card_idx').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('user_cards_user_card_idx').on('user_cards').columns(['user_id', 'card_id']).execute()
}
