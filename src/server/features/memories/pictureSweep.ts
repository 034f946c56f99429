import type { Kysely } from 'kysely'

import { MEMORY_DRAFT_DAYS } from '@shared/constants'

import type { Database } from '../../db/schema'
import type { BlobStore } from '../../lib/blobStore'
import { now } from '../../lib/clock'
import type { JobLog, PeriodicJob } from '../../lib/jobs'

import { deleteDraftsBefore } from './photoImport.queries'
import { deletePictureFiles, originalsOwning } from './pictures'
import {
  type AbandonCutOffs,
  deleteAbandonedPicture,
  findStoredPictureNames,
  listAbandonedPictures,
} from './pictureSweep.queries'

/** How long an upload may wait to be attached: long enough for a user who leaves the memory form open overnight. */
export const ABANDONED_PICTURE_AGE_MS = 24 * 60 * 60 * 1000
/** How long an imported photo and the visit (draft) it is in wait to be saved (MEMORY_DRAFT_DAYS). */
export const IMPORTED_PHOTO_AGE_MS = MEMORY_DRAFT_DAYS * 24 * 60 * 60 * 1000
export const PICTURE_SWEEP_PERIOD_SECONDS = 60 * 60
/** Bounds each read so a large backlog is swept in steps instead of one huge list. */
const SWEEP_BATCH = 500

/**
 * Deletes uploads never attached to a memory and created before `olderThan` (imported photos outside a draft: made
 * IMPORTED_PHOTO_AGE_MS before it), then their files (the original and its copies); answers how many went.
 * createMemory/updateMemory may attach a listed picture before its turn comes, so each row goes through a DELETE
 * that re-checks it is still unattached, and only a file whose row this sweep deleted is removed.
 */
export async function sweepAbandonedPictures(db: Kysely<Database>, blobs: BlobStore, olderThan: Date): Promise<number> {
  const cutOff: AbandonCutOffs = {
    upload: olderThan.toISOString(),
    importedPhoto: new Date(olderThan.getTime() - (IMPORTED_PHOTO_AGE_MS - ABANDONED_PICTURE_AGE_MS)).toISOString(),
  }
  let swept = 0
  for (;;) {
    const candidates = await listAbandonedPictures(db, cutOff, SWEEP_BATCH)
    for (const { fileName } of candidates) {
      if (!(await deleteAbandonedPicture(db, fileName, cutOff))) continue
      await deletePictureFiles(blobs, fileName)
      swept += 1
    }
    if (candidates.length < SWEEP_BATCH) return swept
  }
}

/**
 * Deletes the files in the pictures' folder written before `olderThan` that no row keeps: an upload whose row was never
 * written (the process stopped between the files and the row, or the clean-up of a failed upload could not reach the
 * store), a copy whose original went, what a crash left of an unfinished write. Answers how many files went.
 * An upload writes its files just before its row, within its request, so a file a day old without a row has none
 * coming; a copy made later for an old picture belongs to a row that exists.
 */
export async function sweepOrphanedPictureFiles(
  db: Kysely<Database>,
  blobs: BlobStore,
  olderThan: Date,
): Promise<number> {
  let swept = 0
  let batch: string[] = []
  const sweepBatch = async () => {
    const kept = await findStoredPictureNames(db, batch.flatMap(originalsOwning))
    for (const key of batch) {
      if (originalsOwning(key).some((fileName) => kept.has(fileName))) continue
      await blobs.delete(key)
      swept += 1
    }
    batch = []
  }
  for await (const key of blobs.list('', { storedBefore: olderThan })) {
    batch.push(key)
    if (batch.length >= SWEEP_BATCH) await sweepBatch()
  }
  await sweepBatch()
  return swept
}

/**
 * Every hour, on one instance, deletes the visits found in photos and left unsaved for MEMORY_DRAFT_DAYS, the uploads
 * left unattached for a day (imported photos: MEMORY_DRAFT_DAYS), then the files a day old that no row keeps
 * (PICTURE_SWEEP=off stops it).
 */
export function pictureSweepJob(db: Kysely<Database>, pictures: BlobStore, log: JobLog): PeriodicJob {
  return {
    name: 'memory-picture-sweep',
    periodSeconds: PICTURE_SWEEP_PERIOD_SECONDS,
    run: async () => {
      const drafts = await deleteDraftsBefore(db, new Date(now().getTime() - IMPORTED_PHOTO_AGE_MS).toISOString())
      if (drafts > 0) log.info({ drafts }, 'unsaved visits from photos deleted')
      const cutOff = new Date(now().getTime() - ABANDONED_PICTURE_AGE_MS)
      const swept = await sweepAbandonedPictures(db, pictures, cutOff)
      if (swept > 0) log.info({ swept }, 'abandoned memory pictures deleted')
      const orphans = await sweepOrphanedPictureFiles(db, pictures, cutOff)
      if (orphans > 0) log.info({ orphans }, 'memory picture files without a picture deleted')
    },
  }
}
