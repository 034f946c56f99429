import type { Insertable, Kysely, Transaction } from 'kysely'

import type { Database, MemoryPicturesTable } from '../../db/schema'

/** The SQL of pictureUploads.ts: storing an upload within the traveller's quota. */

type Reader = Kysely<Database> | Transaction<Database>

export function findPicture(db: Reader, fileName: string) {
  return db
    .selectFrom('memory_pictures')
    .select(['file_name as fileName', 'user_id as userId', 'memory_id as memoryId'])
    .where('file_name', '=', fileName)
    .executeTakeFirst()
}

export async function insertPicture(db: Reader, picture: Insertable<MemoryPicturesTable>): Promise<void> {
  await db.insertInto('memory_pictures').values(picture).execute()
}

/**
 * Holds the uploader until the transaction ends: the row lock of their user on PostgreSQL, the write lock on SQLite.
 * The update changes nothing; taking the lock is its purpose.
 */
export async function lockUploader(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute()
}

/**
 * How many uploads of the user wait unattached, and their bytes: the memory form's, or the photo flow's (`imported`),
 * each of which has a quota of its own.
 */
export function sumPendingPictures(db: Reader, userId: string, imported: boolean) {
  return db
    .selectFrom('memory_pictures')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'),
    ])
    .where('user_id', '=', userId)
    .where('memory_id', 'is', null)
    .where('imported', '=', imported ? 1 : 0)
    .executeTakeFirstOrThrow()
}
