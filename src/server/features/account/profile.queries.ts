import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

export function findExperience(db: Db, userId: string) {
  return db.selectFrom('users').select('experience').where('id', '=', userId).executeTakeFirstOrThrow()
}

export async function updateProfile(
  db: Db,
  userId: string,
  profile: { username: string; skeleton: string; avatarId: number },
) {
  await db
    .updateTable('users')
    .set({ username: profile.username, username_skeleton: profile.skeleton, avatar_id: profile.avatarId })
    .where('id', '=', userId)
    .execute()
}
