import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

/** The SQL of accountData.ts: what an account's deletion does to its memories' pictures and comments. */

type Reader = Kysely<Database> | Transaction<Database>

/** Every picture the user uploaded, attached or not. */
export function listPictureNamesOfUser(db: Reader, userId: string) {
  return db.selectFrom('memory_pictures').select('file_name as fileName').where('user_id', '=', userId).execute()
}

/**
 * Other travellers' replies to the user's comments now answer what that comment answered (or the memory itself), one
 * step at a time; answers how many moved, so the caller repeats until a chain of the user's comments is passed.
 */
export async function reattachRepliesToCommentsOf(db: Reader, userId: string): Promise<number> {
  const result = await db
    .updateTable('memory_comments')
    .set((eb) => ({
      reply_to_comment_id: eb
        .selectFrom('memory_comments as answered')
        .select('answered.reply_to_comment_id')
        .whereRef('answered.id', '=', 'memory_comments.reply_to_comment_id'),
    }))
    .where('memory_comments.user_id', '!=', userId)
    .where((eb) =>
      eb(
        'memory_comments.reply_to_comment_id',
        'in',
        eb.selectFrom('memory_comments as own').select('own.id').where('own.user_id', '=', userId),
      ),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
