import { sql, type Kysely } from 'kysely'

/**
 * `users.draws_since_epic` counts the cards of paid draws since the user's last Epic or better; the draw that reaches
 * ECONOMY.epicGuaranteeDraws gives one (docs/product.md#draw-guarantee). It is written in the draw's transaction,
 * after the debit has taken the user's row. Existing users start from their own history, so nobody who drew before
 * the guarantee loses the draws they already made. The draw history pages by (created_at, id) per user, so the
 * user's index carries the id too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('draws_since_epic', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`
    UPDATE users SET draws_since_epic = (
      SELECT COUNT(*) FROM draw_items i
      JOIN draw_transactions t ON t.id = i.transaction_id
      JOIN cards c ON c.id = i.card_id
      WHERE t.user_id = users.id AND t.kind IN ('draw', 'draw10')
        AND NOT EXISTS (
          SELECT 1 FROM draw_items ei
          JOIN draw_transactions et ON et.id = ei.transaction_id
          JOIN cards ec ON ec.id = ei.card_id
          WHERE et.user_id = users.id AND et.kind IN ('draw', 'draw10') AND ec.rarity >= 4
            AND (et.created_at, et.id, ei.position) >= (t.created_at, t.id, i.position)
        )
    )
    WHERE EXISTS (SELECT 1 FROM draw_transactions d WHERE d.user_id = users.id AND d.kind IN ('draw', 'draw10'))
  `.execute(db)

  await db.schema
    .createIndex('draw_transactions_user_created_idx')
    .on('draw_transactions')
    .columns(['user_id', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('draw_transactions_user_idx').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('draw_transactions_user_idx')
    .on('draw_transactions')
    .columns(['user_id', 'created_at'])
    .execute()
  await db.schema.dropIndex('draw_transactions_user_created_idx').execute()
  await db.schema.alterTable('users').dropColumn('draws_since_epic').execute()
}
