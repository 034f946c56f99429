import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'
import { MemoryPictureQuerySchema } from '@shared/memories'

import { inTransaction } from '../../db/transactions'
import { route } from '../../lib/calls'
import { AppError } from '../../lib/errors'
import { closeHeicDecoder } from '../../lib/heic/heicDecoder'
import { userId } from '../../lib/requestUser'

import { getOnThisDay } from './onThisDay'
import { getPhotoImport, importPhoto, saveMemoryDraft } from './photoImport'
import {
  changeDraftPlace,
  deleteRemovedPhotoFiles,
  discardMemoryDraft,
  moveImportedPhoto,
  removeImportedPhoto,
  startVisitFromPhoto,
} from './photoVisits'
import { deletePictureFiles, memoryPictureStore } from './pictures'
import { readMemoryPicture, uploadMemoryPicture } from './pictureUploads'
import { likeMemory, postComment } from './reactions'
import { getMemory, getMyMemories } from './readModel'
import { getPeerUserCards, getTransferrableCards, switchUserCard } from './switching'
import { createMemory, getAvailableCardSets, updateMemory, updateVisibility } from './writing'

const TOO_LARGE = `The picture is larger than ${MEMORY_PICTURE_MAX_BYTES / (1024 * 1024)} MB.`
const INTERRUPTED = 'The upload was interrupted. Please try again.'

/** The uploaded file in full, or a refusal that says why: none, over the size limit, or a form cut short. */
async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file()
    if (!file) throw new AppError('BadRequest', 'Choose a picture to upload.')
    const upload = await file.toBuffer()
    // The parser stops at the limit and marks the file truncated; what it kept is not the picture that was sent.
    if (file.file.truncated) throw new AppError('BadRequest', TOO_LARGE)
    return upload
  } catch (error) {
    if (error instanceof AppError) throw error
    const { code, message } = error as { code?: string; message?: string }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BadRequest', TOO_LARGE)
    // A form that ends before its closing boundary (a dropped connection, a client that gave up) is not our failure.
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || /unexpected end|terminated early/i.test(message ?? '')) {
      throw new AppError('BadRequest', INTERRUPTED)
    }
    throw error
  }
}

export const memoriesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify
  const signer = fastify.pictureSigner
  const blobs = memoryPictureStore(fastify.blobs)
  const loggedIn = { onRequest: fastify.requireUser }
  // The HEIC decoding threads start with the first HEIC photo; the app's end stops them.
  fastify.addHook('onClose', closeHeicDecoder)

  route(fastify, 'getMyMemories', { ...loggedIn }, (request) => getMyMemories(db, signer, userId(request)))
  route(fastify, 'getOnThisDay', { ...loggedIn }, (request) =>
    getOnThisDay(db, signer, userId(request), request.query.today),
  )

  route(fastify, 'getMemory', { ...loggedIn }, (request) =>
    getMemory(db, signer, userId(request), request.query.memoryId),
  )

  route(fastify, 'updateVisibility', { ...loggedIn }, (request) => updateVisibility(db, userId(request), request.body))

  route(fastify, 'getAvailableCardSets', { ...loggedIn }, (request) => getAvailableCardSets(db, userId(request)))

  route(fastify, 'getPeerUserCards', { ...loggedIn }, (request) => getPeerUserCards(db, userId(request), request.query))

  route(fastify, 'createMemory', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => createMemory(trx, userId(request), request.body)),
  )

  route(fastify, 'updateMemory', { ...loggedIn }, async (request) => {
    const { removedPictures } = await inTransaction(db, (trx) => updateMemory(trx, userId(request), request.body))
    // The memory is saved; a file the store cannot delete now is left to the sweep, which removes files without a row.
    await Promise.all(
      removedPictures.map((fileName) =>
        deletePictureFiles(blobs, fileName).catch((error: unknown) =>
          request.log.warn({ err: error, fileName }, 'a removed picture file is left to the sweep'),
        ),
      ),
    )
    return null
  })

  route(fastify, 'uploadMemoryPicture', { ...loggedIn, config: { limits: ['pictureUpload'] } }, async (request) => {
    const file = await readPictureUpload(request)
    return uploadMemoryPicture(
      db,
      fastify.catalogue,
      blobs,
      signer,
      userId(request),
      { file, userCardId: request.query.userCardId },
      config.pendingPictures,
    )
  })

  route(fastify, 'importPhoto', { ...loggedIn, config: { limits: ['pictureUpload'] } }, async (request) => {
    const file = await readPictureUpload(request)
    return importPhoto(db, fastify.catalogue, blobs, signer, userId(request), file, config.importedPhotos)
  })

  route(fastify, 'getPhotoImport', { ...loggedIn }, (request) =>
    getPhotoImport(db, fastify.catalogue, signer, userId(request)),
  )

  route(fastify, 'moveImportedPhoto', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => moveImportedPhoto(trx, userId(request), request.body)),
  )

  const warnLeftToSweep = (request: FastifyRequest) => (error: unknown, fileName: string) =>
    request.log.warn({ err: error, fileName }, 'a removed photo file is left to the sweep')

  route(fastify, 'removeImportedPhoto', { ...loggedIn }, async (request) => {
    const removed = await inTransaction(db, (trx) =>
      removeImportedPhoto(trx, userId(request), request.body.pictureFileName),
    )
    await deleteRemovedPhotoFiles(blobs, removed, warnLeftToSweep(request))
    return null
  })

  route(fastify, 'changeDraftPlace', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => changeDraftPlace(trx, fastify.catalogue, userId(request), request.body)),
  )

  route(fastify, 'startVisitFromPhoto', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => startVisitFromPhoto(trx, fastify.catalogue, userId(request), request.body)),
  )

  route(fastify, 'saveMemoryDraft', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => saveMemoryDraft(trx, fastify.catalogue, userId(request), request.body)),
  )

  route(fastify, 'discardMemoryDraft', { ...loggedIn }, async (request) => {
    const removed = await inTransaction(db, (trx) => discardMemoryDraft(trx, userId(request), request.body.draftId))
    await deleteRemovedPhotoFiles(blobs, removed, warnLeftToSweep(request))
    return null
  })

  // Loaded by <img>, which sends neither X-Api-Key nor the session: the signed link says who asks (see PictureSigner).
  fastify.get(
    '/image/memoryPicture',
    { schema: { querystring: MemoryPictureQuerySchema, hide: true }, config: { skipApiKey: true, rawResponse: true } },
    async (request, reply) => {
      const picture = await readMemoryPicture(db, blobs, signer, request.query)
      if (!picture) throw new AppError('NotFound', 'Picture not found.')
      // Streamed from the store after the visibility check, on this origin (docs/decisions.md, Memories).
      return reply
        .header('Content-Type', picture.contentType)
        .header('Cache-Control', `private, max-age=${picture.maxAgeSeconds}`)
        .send(picture.body)
    },
  )

  route(fastify, 'getTransferrableCards', { ...loggedIn }, (request) => getTransferrableCards(db, request.query.cardId))

  route(fastify, 'switchUserCard', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => switchUserCard(trx, userId(request), request.body)),
  )

  route(fastify, 'likeMemory', { ...loggedIn }, (request) =>
    inTransaction(db, (trx) => likeMemory(trx, userId(request), request.body.memoryId)),
  )

  route(fastify, 'postComment', { ...loggedIn, config: { limits: ['comment'] } }, (request) =>
    inTransaction(db, (trx) => postComment(trx, userId(request), request.body)),
  )
}
