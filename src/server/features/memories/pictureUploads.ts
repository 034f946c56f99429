import type { Readable } from 'node:stream'

import type { Insertable, Kysely } from 'kysely'

import type { UploadMemoryPictureResult } from '@shared/memories'

import type { Database, MemoryPicturesTable } from '../../db/schema'
import { inTransaction } from '../../db/transactions'
import type { BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'
import type { Catalogue } from '../catalogue/catalogueCache'
import { checkVisitPhoto } from '../travel/service'

import {
  deletePictureFiles,
  isVariantWidth,
  makeVariant,
  PICTURE_VARIANT_WIDTHS,
  pictureContentType,
  processPicture,
  type ProcessedPicture,
  signedPicture,
  storePictureFiles,
  VARIANT_CONTENT_TYPE,
  variantKey,
  type PictureVariantWidth,
} from './pictures'
import * as queries from './pictureUploads.queries'
import { findOwnedCopy, findVisibleMemory } from './queries'

/** Picture files: uploads waiting for a memory, and the files behind signed links. */

export interface PendingPictureQuota {
  maxCount: number
  maxBytes: number
}

export function pendingPicturesFull(quota: PendingPictureQuota): string {
  return `You have ${quota.maxCount} pictures or ${Math.round(quota.maxBytes / (1024 * 1024))} MB waiting to be added to a memory. Save your memory first; pictures left unused are removed after a day.`
}

/**
 * Stores an upload unattached; createMemory or updateMemory attaches it to one of the uploader's memories. Unattached
 * uploads are bounded per user in number and bytes, so nobody can fill the disk with pictures no memory holds.
 * With `userCardId` (the uploader's copy the memory is on), the original's GPS position is checked against that place
 * before the re-encoding drops it; only the verdict and the capture date are kept (docs/product.md#verified-visits).
 */
export async function uploadMemoryPicture(
  db: Kysely<Database>,
  catalogue: Catalogue,
  blobs: BlobStore,
  signer: PictureSigner,
  userId: string,
  upload: { file: Buffer; userCardId?: string },
  quota: PendingPictureQuota,
): Promise<UploadMemoryPictureResult> {
  // This count only spares a refused upload the decoding; the count that decides is taken again under the lock below.
  if (!withinQuota(await queries.sumPendingPictures(db, userId, false), upload.file.length, quota))
    throw new AppError('RuleViolation', pendingPicturesFull(quota))
  // Someone else's copy, or one gone meanwhile, names no place to check against.
  const copy = upload.userCardId ? await findOwnedCopy(db, userId, upload.userCardId) : undefined
  const [picture, visitCheck] = await Promise.all([
    processPicture(upload.file),
    checkVisitPhoto(catalogue, copy?.cardSetId ?? null, upload.file),
  ])
  await storePictureFiles(blobs, picture)
  // Parallel uploads all pass the first count while they decode; counting again and inserting under the uploader's
  // lock makes them take their turns, so together they cannot pass the quota.
  const kept = await keptOnlyWithRow(blobs, picture.fileName, () =>
    inTransaction(db, async (trx) => {
      await queries.lockUploader(trx, userId)
      if (!withinQuota(await queries.sumPendingPictures(trx, userId, false), picture.data.length, quota)) return false
      await queries.insertPicture(
        trx,
        pendingPictureRow(userId, picture, {
          cardSetId: visitCheck.verdict === 'notChecked' ? null : (copy?.cardSetId ?? null),
          verdict: visitCheck.verdict === 'notChecked' ? null : visitCheck.verdict,
          takenOn: visitCheck.takenOn,
        }),
      )
      return true
    }),
  )
  if (!kept) {
    await deletePictureFiles(blobs, picture.fileName).catch(() => undefined)
    throw new AppError('RuleViolation', pendingPicturesFull(quota))
  }
  return { ...signedPicture(signer, userId, picture), visitCheck }
}

/**
 * Runs the write of a stored picture's row; when it fails, the files go too, so no file is left without its row
 * (the sweep removes any a failing store kept).
 */
async function keptOnlyWithRow<T>(blobs: BlobStore, fileName: string, writeRow: () => Promise<T>): Promise<T> {
  try {
    return await writeRow()
  } catch (error) {
    await deletePictureFiles(blobs, fileName).catch(() => undefined)
    throw error
  }
}

export function withinQuota(
  pending: { count: number; bytes: number },
  bytes: number,
  quota: PendingPictureQuota,
): boolean {
  return pending.count < quota.maxCount && pending.bytes + bytes <= quota.maxBytes
}

/** The row of a stored upload waiting for a memory, with what its location check found (never the position). */
export function pendingPictureRow(
  userId: string,
  picture: ProcessedPicture,
  visit: { cardSetId: string | null; verdict: string | null; takenOn: string | null },
): Insertable<MemoryPicturesTable> {
  return {
    file_name: picture.fileName,
    user_id: userId,
    memory_id: null,
    position: 0,
    width: picture.width,
    height: picture.height,
    byte_size: picture.data.length,
    created_at: nowIso(),
    visit_card_set_id: visit.cardSetId,
    visit_verdict: visit.verdict,
    visit_taken_on: visit.takenOn,
  }
}

export interface PictureFile {
  body: Readable | Buffer
  contentType: string
  maxAgeSeconds: number
}

const BAD_WIDTH = `w must be one of ${PICTURE_VARIANT_WIDTHS.join(', ')}: the widths pictures are kept at.`

/**
 * The file behind a signed link (the original, or with `w` the copy of that width), when the link is genuine and
 * unexpired and its viewer may see the memory now (an unattached upload: only its uploader). Anything else is null,
 * answered as not found; only a width no picture is kept at is refused as such, since it reveals nothing.
 */
export async function readMemoryPicture(
  db: Kysely<Database>,
  blobs: BlobStore,
  signer: PictureSigner,
  link: { image: string; w?: number; u: string; exp: number; sig: string },
): Promise<PictureFile | null> {
  const { w } = link
  if (w !== undefined && !isVariantWidth(w)) throw new AppError('BadRequest', BAD_WIDTH)
  const maxAgeSeconds = signer.verify(link.image, link.u, link.exp, link.sig, w)
  if (maxAgeSeconds == null) return null
  const picture = await queries.findPicture(db, link.image)
  if (!picture) return null
  const allowed =
    picture.memoryId == null
      ? picture.userId === link.u
      : (await findVisibleMemory(db, link.u, picture.memoryId)) != null
  if (!allowed) return null
  if (w !== undefined) {
    const body = await readVariant(blobs, picture.fileName, w)
    return body ? { body, contentType: VARIANT_CONTENT_TYPE, maxAgeSeconds } : null
  }
  const body = await blobs.stream(picture.fileName)
  return body ? { body, contentType: pictureContentType(picture.fileName), maxAgeSeconds } : null
}

/**
 * The stored copy, or for a picture uploaded before copies were made, one made now from the original and stored for
 * every later viewer (docs/decisions.md, Memories & pictures). Null when the original is gone too.
 */
async function readVariant(
  blobs: BlobStore,
  fileName: string,
  width: PictureVariantWidth,
): Promise<Readable | Buffer | null> {
  const key = variantKey(fileName, width)
  const stored = await blobs.stream(key)
  if (stored) return stored
  const original = await blobs.get(fileName)
  if (!original) return null
  const variant = await makeVariant(original, width)
  await blobs.put(key, variant)
  return variant
}
