import { sql, type Kysely } from 'kysely'

/**
 * The keys of the memories others may see (not private, not hidden), by author and time: the feed reads a friend's
 * newest few from this index alone, where the author index made it fetch each memory to check its visibility and
 * moderation (docs/benchmarks.md, "A friend's newest keys from a partial index"). 1 is VISIBILITY.Private, written
 * out so the migration never changes with the constants.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('memories_shared_feed_idx')
    .on('memories')
    .columns(['user_id', 'created_at', 'id'])
    .where(sql<boolean>`visibility <> 1 and hidden_at is null`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('memories_shared_feed_idx').execute()
}
