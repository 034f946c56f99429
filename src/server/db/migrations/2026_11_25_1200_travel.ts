import type { Kysely } from 'kysely'

/**
 * The travel map (docs/product.md#screen-my-map): visits verified by a memory picture's location, and the places a
 * traveller wants to go to. A picture keeps only what its location check concluded (the place it was checked against,
 * the verdict and the day it was taken), never the position itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('place_verifications')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_set_id', 'text', (c) => c.notNull().references('card_sets.id'))
    .addColumn('memory_id', 'text', (c) => c.references('memories.id').onDelete('set null'))
    .addColumn('taken_on', 'text')
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('place_verifications_pk', ['user_id', 'card_set_id'])
    .execute()

  await db.schema
    .createTable('want_to_go')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_set_id', 'text', (c) => c.notNull().references('card_sets.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('want_to_go_pk', ['user_id', 'card_set_id'])
    .execute()

  await db.schema.alterTable('memory_pictures').addColumn('visit_card_set_id', 'text').execute()
  await db.schema.alterTable('memory_pictures').addColumn('visit_verdict', 'text').execute()
  await db.schema.alterTable('memory_pictures').addColumn('visit_taken_on', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('memory_pictures').dropColumn('visit_taken_on').execute()
  await db.schema.alterTable('memory_pictures').dropColumn('visit_verdict').execute()
  await db.schema.alterTable('memory_pictures').dropColumn('visit_card_set_id').execute()
  await db.schema.dropTable('want_to_go').execute()
  await db.schema.dropTable('place_verifications').execute()
}
