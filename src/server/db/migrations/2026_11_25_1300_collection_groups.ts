import type { Kysely } from 'kysely'

/**
 * `collections.group_id` is where /cardCollections lists a collection (cities, regions, continents) and
 * `collections.code` what its cards print before their number ("EUR 041/053"). Both are written by the catalogue
 * seed; the defaults only stand until the seed of the version that brings them runs in the same start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('collections')
    .addColumn('group_id', 'text', (c) => c.notNull().defaultTo('continents'))
    .execute()
  await db.schema
    .alterTable('collections')
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('collections').dropColumn('code').execute()
  await db.schema.alterTable('collections').dropColumn('group_id').execute()
}
