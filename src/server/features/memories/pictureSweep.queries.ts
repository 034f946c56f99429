import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'

/** The SQL of pictureSweep.ts: uploads never attached to a memory. */

type Reader = Kysely<Database> | Transaction<Database>

/** When an unattached upload counts as abandoned: a memory form's after a day, an imported photo's after 30 days. */
export interface AbandonCutOffs {
  upload: string
  importedPhoto: string
}

/**
 * Unattached uploads outside any draft made before their cut-off, oldest first, at most `limit`. A draft's photos wait
 * with it; when the draft goes, they become unattached.
 */
export function listAbandonedPictures(db: Reader, cutOffs: AbandonCutOffs, limit: number) {
  return db
    .selectFrom('memory_pictures')
    .select('file_name as fileName')
    .where('memory_id', 'is', null)
    .where('draft_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('imported', '=', 0), eb('created_at', '<', cutOffs.upload)]),
        eb('created_at', '<', cutOffs.importedPhoto),
      ]),
    )
    .orderBy('created_at')
    .orderBy('file_name')
    .limit(limit)
    .execute()
}

/** Deletes the upload only while it is still unattached, outside a draft and old; answers whether it went. */
export async function deleteAbandonedPicture(db: Reader, fileName: string, cutOffs: AbandonCutOffs): Promise<boolean> {
  const deleted = await db
    .deleteFrom('memory_pictures')
    .where('file_name', '=', fileName)
    .where('memory_id', 'is', null)
    .where('draft_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('imported', '=', 0), eb('created_at', '<', cutOffs.upload)]),
        eb('created_at', '<', cutOffs.importedPhoto),
      ]),
    )
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}

/** Which of these picture file names have a row (attached or not). */
export async function findStoredPictureNames(db: Reader, fileNames: readonly string[]): Promise<Set<string>> {
  if (fileNames.length === 0) return new Set()
  const rows = await db.selectFrom('memory_pictures').select('file_name').where('file_name', 'in', fileNames).execute()
  return new Set(rows.map((row) => row.file_name))
}
