import type { Readable } from 'node:stream'

import type { Kysely } from 'kysely'

import type { UploadMemoryPictureResult } from '@shared/memories'

import type { Database } from '../../db/schema'
import type { BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'

import { pictureContentType, processPicture } from './pictures'
import * as queries from './queries'

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
 */
export async function uploadMemoryPicture(
  db: Kysely<Database>,
  blobs: BlobStore,
  signer: PictureSigner,
  userId: string,
  upload: Buffer,
  quota: PendingPictureQuota,
): Promise<UploadMemoryPictureResult> {
  const pending = await queries.sumPendingPictures(db, userId)
  if (pending.count >= quota.maxCount || pending.bytes + upload.length > quota.maxBytes)
    throw new AppError('RuleViolation', pendingPicturesFull(quota))
  const picture = await processPicture(upload)
  await blobs.put(picture.fileName, picture.data)
  await queries.insertPicture(db, {
    file_name: picture.fileName,
    user_id: userId,
    memory_id: null,
    position: 0,
    width: picture.width,
    height: picture.height,
    byte_size: picture.data.length,
    created_at: nowIso(),
  })
  return {
    pictureFileName: picture.fileName,
    url: signer.url(picture.fileName, userId),
    width: picture.width,
    height: picture.height,
  }
}

export interface PictureFile {
  body: Readable
  contentType: string
  maxAgeSeconds: number
}

/**
 * The file behind a signed link, when the link is genuine and unexpired and its viewer may see the memory now
 * (an unattached upload: only its uploader). Anything else is null, answered as not found.
 */
export async function readMemoryPicture(
  db: Kysely<Database>,
  blobs: BlobStore,
  signer: PictureSigner,
  link: { image: string; u: string; exp: number; sig: string },
): Promise<PictureFile | null> {
  const maxAgeSeconds = signer.verify(link.image, link.u, link.exp, link.sig)
  if (maxAgeSeconds == null) return null
  const picture = await queries.findPicture(db, link.image)
  if (!picture) return null
  const allowed =
    picture.memoryId == null
      ? picture.userId === link.u
      : (await queries.findVisibleMemory(db, link.u, picture.memoryId)) != null
  if (!allowed) return null
  const body = await blobs.stream(picture.fileName)
  return body ? { body, contentType: pictureContentType(picture.fileName), maxAgeSeconds } : null
}
