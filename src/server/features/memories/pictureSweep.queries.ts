import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

/** The SQL of pictureSweep.ts: uploads never attached to a memory. */

type Reader = Kysely<Database> | Transaction<Database>

/** Unattached uploads created before `cutOff`, oldest first, at most `limit`. */
export function listAbandonedPictures(db: Reader, cutOff: string, limit: number) {
  return db
    .selectFrom('memory_pictures')
    .select('file_name as fileName')
    .where('memory_id', 'is', null)
    .where('created_at', '<', cutOff)
    .orderBy('created_at')
    .orderBy('file_name')
    .limit(limit)
    .execute()
}

/** Deletes the upload only while it is still unattached and old; answers whether it went. */
export async function deleteAbandonedPicture(db: Reader, fileName: string, cutOff: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('memory_pictures')
    .where('file_name', '=', fileName)
    .where('memory_id', 'is', null)
    .where('created_at', '<', cutOff)
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}

/** Which of these picture file names have a row (attached or not). */
export async function findStoredPictureNames(db: Reader, fileNames: readonly string[]): Promise<Set<string>> {
  if (fileNames.length === 0) return new Set()
  const rows = await db.selectFrom('memory_pictures').select('file_name').where('file_name', 'in', fileNames).execute()
  return new Set(rows.map((row) => row.file_name))
}
