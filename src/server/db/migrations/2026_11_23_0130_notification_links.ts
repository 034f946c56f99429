import type { Kysely } from 'kysely'

/**
 * What a notification is about, as a path of the app (a memory, the friends list, the wallet), so the list can open it.
 * Notifications sent before this column have none and stay plain text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('link').execute()
}
