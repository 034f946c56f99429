import type { Kysely } from 'kysely'

/**
 * Trips (docs/product.md#trips): a traveller's memories grouped into one journey, travelled alone or together.
 *
 * - `trips`: its owner, title and visibility (1 Private, 2 Friends, 3 Public, as a memory's).
 * - `trip_members`: friends the owner invited ('invited') and those who accepted ('accepted'); one row per trip and
 *   traveller.
 * - `trip_memories`: the memories in a trip. A memory is in at most one trip (its primary key), so two trips racing
 *   for one memory cannot both hold it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('trips_owner_idx').on('trips').columns(['owner_id', 'created_at']).execute()

  await db.schema
    .createTable('trip_members')
    .addColumn('trip_id', 'text', (c) => c.notNull().references('trips.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addPrimaryKeyConstraint('trip_members_pkey', ['trip_id', 'user_id'])
    .execute()
  await db.schema.createIndex('trip_members_user_idx').on('trip_members').columns(['user_id', 'status']).execute()

  await db.schema
    .createTable('trip_memories')
    .addColumn('memory_id', 'text', (c) => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('trip_id', 'text', (c) => c.notNull().references('trips.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('trip_memories_trip_idx').on('trip_memories').columns(['trip_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trip_memories').execute()
  await db.schema.dropTable('trip_members').execute()
  await db.schema.dropTable('trips').execute()
}
