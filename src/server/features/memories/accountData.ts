import type { Readable } from 'node:stream'

import type { Kysely, Transaction } from 'kysely'

import type { Database } from '../../db/schema'
import type { BlobStore } from '../../lib/blobStore'

import { listPictureNamesOfUser, reattachRepliesToCommentsOf } from './accountData.queries'
import { deletePictureFiles, memoryPictureStore } from './pictures'

/**
 * What a traveller's export and an account's deletion ask of memories (docs/product.md#account-export,
 * docs/product.md#account-deletion). On deletion the rows themselves go with the user's row (ON DELETE CASCADE); the
 * files in the blob store and other travellers' replies need this.
 */

/** A picture's original file as stored, for the export; null when the file is gone. */
export function openPictureFile(blobs: BlobStore, fileName: string): Promise<Readable | null> {
  return memoryPictureStore(blobs).stream(fileName)
}

/**
 * Deletes the files (original and copies) of every picture the user uploaded. Done before the rows go, so a run that
 * stops half-way finds the rows again next time; deleting a file already gone is no error.
 */
export async function deletePictureFilesOfUser(
  db: Kysely<Database>,
  blobs: BlobStore,
  userId: string,
): Promise<number> {
  const pictures = memoryPictureStore(blobs)
  const names = await listPictureNamesOfUser(db, userId)
  for (const { fileName } of names) await deletePictureFiles(pictures, fileName)
  return names.length
}

/**
 * Keeps other travellers' replies to the user's comments, which the comments' deletion would otherwise take with them
 * (ON DELETE CASCADE): each then answers what the user's comment answered, or becomes a comment on the memory.
 */
export async function keepRepliesToCommentsOf(trx: Transaction<Database>, userId: string): Promise<void> {
  // Each pass moves a reply one comment up; a reply under a chain of the user's own replies needs one pass per link.
  let moved: number
  do moved = await reattachRepliesToCommentsOf(trx, userId)
  while (moved > 0)
}
