import { sql, type Kysely } from 'kysely'

/** Usernames are unique regardless of case; the database enforces it so two requests at once cannot both win. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_lower_unique').execute()
}
