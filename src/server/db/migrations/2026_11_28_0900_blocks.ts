import { sql, type Kysely } from 'kysely'

/**
 * Blocks and mutes between travellers (docs/product.md#blocking, docs/security.md#blocking).
 *
 * - `blocks`: the blocker no longer sees the blocked traveller and the blocked one no longer sees the blocker; one row
 *   per pair and direction, never oneself (a CHECK constraint backs the service's own refusal).
 * - `mutes`: the muted traveller's memories leave the muter's feed, nothing more; the same shape.
 * - `notifications.actor_id`: the traveller whose act caused a notification (a like, a comment, a tag, a friendship, a
 *   gift), so a block hides what they caused; null for notifications about oneself or sent before this column.
 *
 * Every row goes with either traveller's account (ON DELETE CASCADE; an actor's erasure sets the link to null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, from, to] of [
    ['blocks', 'blocker_id', 'blocked_id'],
    ['mutes', 'muter_id', 'muted_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(from, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(to, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [from, to])
      .addCheckConstraint(`${table}_not_oneself`, sql`${sql.ref(from)} <> ${sql.ref(to)}`)
      .execute()
    await db.schema.createIndex(`${table}_${to}_idx`).on(table).column(to).execute()
  }
  await db.schema
    .alterTable('notifications')
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_actor_idx').execute()
  await db.schema.alterTable('notifications').dropColumn('actor_id').execute()
  await db.schema.dropTable('mutes').execute()
  await db.schema.dropTable('blocks').execute()
}
