import type { Transaction } from 'kysely'

import type { ChangeDraftPlaceBody, MoveImportedPhotoBody, StartVisitFromPhotoBody } from '@shared/photoImport'
import { PHOTO_IMPORT_TEXTS } from '@shared/photoImport'

import type { Database } from '../../db/schema'
import type { BlobStore } from '../../lib/blobStore'
import { nowIso } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'
import type { Catalogue } from '../catalogue/catalogueCache'

import * as queries from './photoImport.queries'
import { deletePictureFiles } from './pictures'
import * as uploads from './pictureUploads.queries'

/**
 * The traveller's corrections to the visits found in their photos (docs/product.md#memories-from-photos): a photo
 * moved or dropped, a visit given another place or discarded. Each write takes the traveller's row first, as a save
 * of a visit does (photoImport.ts), so a correction and a save of the same visit take turns.
 */

/** Moves one of the traveller's imported photos into one of their visits; a visit left without photos goes. */
export async function moveImportedPhoto(trx: Transaction<Database>, userId: string, body: MoveImportedPhotoBody) {
  await uploads.lockUploader(trx, userId)
  const photo = await queries.findImportedPhoto(trx, userId, body.pictureFileName)
  if (!photo) throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.photoNotFound)
  if (!(await queries.findDraft(trx, userId, body.draftId)))
    throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.draftNotFound)
  await queries.setPhotoDraft(trx, userId, body.pictureFileName, body.draftId)
  if (photo.draftId && photo.draftId !== body.draftId) await queries.deleteDraftIfEmpty(trx, photo.draftId)
  return null
}

/** Drops an imported photo; answers its file name for the caller to delete once committed. */
export async function removeImportedPhoto(trx: Transaction<Database>, userId: string, fileName: string) {
  await uploads.lockUploader(trx, userId)
  const photo = await queries.findImportedPhoto(trx, userId, fileName)
  if (!photo) throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.photoNotFound)
  await queries.deleteImportedPhotos(trx, userId, [fileName])
  if (photo.draftId) await queries.deleteDraftIfEmpty(trx, photo.draftId)
  return [fileName]
}

/** Gives a visit another place (the traveller's correction); only photos taken in that place verify it. */
export async function changeDraftPlace(
  trx: Transaction<Database>,
  catalogue: Catalogue,
  userId: string,
  body: ChangeDraftPlaceBody,
) {
  if (!catalogue.placesById.has(body.cardSetId)) throw new AppError('NotFound', 'Place not found.')
  // Like every write of a draft, under the traveller's row: a save of this visit has either finished or waits.
  await uploads.lockUploader(trx, userId)
  if (!(await queries.setDraftPlace(trx, userId, body.draftId, body.cardSetId)))
    throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.draftNotFound)
  return null
}

/**
 * Starts a visit of the place the traveller chose with one of their imported photos: one that says no place, or a
 * place they correct for this photo alone. The photo proves nothing there, so the visit is verified only by photos
 * taken in the place; a visit left without photos goes.
 */
export async function startVisitFromPhoto(
  trx: Transaction<Database>,
  catalogue: Catalogue,
  userId: string,
  body: StartVisitFromPhotoBody,
): Promise<{ draftId: string }> {
  if (!catalogue.placesById.has(body.cardSetId)) throw new AppError('NotFound', 'Place not found.')
  await uploads.lockUploader(trx, userId)
  const photo = await queries.findImportedPhoto(trx, userId, body.pictureFileName)
  if (!photo) throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.photoNotFound)
  const draftId = newId()
  await queries.insertDraft(trx, { id: draftId, userId, cardSetId: body.cardSetId, createdAt: nowIso() })
  await queries.setPhotoDraft(trx, userId, body.pictureFileName, draftId)
  if (photo.draftId) await queries.deleteDraftIfEmpty(trx, photo.draftId)
  return { draftId }
}

/** Discards a visit and its photos; answers their file names for the caller to delete once committed. */
export async function discardMemoryDraft(trx: Transaction<Database>, userId: string, draftId: string) {
  await uploads.lockUploader(trx, userId)
  if (!(await queries.findDraft(trx, userId, draftId))) throw new AppError('NotFound', PHOTO_IMPORT_TEXTS.draftNotFound)
  const fileNames = (await queries.listDraftPhotoNames(trx, draftId)).map((photo) => photo.fileName)
  await queries.deleteImportedPhotos(trx, userId, fileNames)
  await queries.deleteDraft(trx, userId, draftId)
  return fileNames
}

/** Deletes the files of photos whose rows a committed change removed; what the store cannot delete, the sweep will. */
export async function deleteRemovedPhotoFiles(
  blobs: BlobStore,
  fileNames: readonly string[],
  warn: (error: unknown, fileName: string) => void,
): Promise<void> {
  await Promise.all(
    fileNames.map((fileName) => deletePictureFiles(blobs, fileName).catch((error: unknown) => warn(error, fileName))),
  )
}
