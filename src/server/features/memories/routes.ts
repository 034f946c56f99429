import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'

import { MEMORY_PICTURE_MAX_BYTES } from '@shared/constants'
import { envelope } from '@shared/envelope'
import {
  AvailableCardSetsSchema,
  CreateMemoryBodySchema,
  CreateMemoryResultSchema,
  LikeMemoryResultSchema,
  MemoryIdBodySchema,
  MemoryIdQuerySchema,
  MemoryListSchema,
  MemoryPictureQuerySchema,
  MemorySchema,
  PeerUserCardsQuerySchema,
  PeerUserCardsSchema,
  PostCommentBodySchema,
  PostCommentResultSchema,
  SwitchUserCardBodySchema,
  SwitchUserCardResultSchema,
  TransferrableCardsQuerySchema,
  TransferrableCardsSchema,
  UpdateMemoryBodySchema,
  UpdateVisibilityBodySchema,
  UploadMemoryPictureQuerySchema,
  UploadMemoryPictureResultSchema,
} from '@shared/memories'

import { inTransaction } from '../../db/transactions'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'

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

  fastify.get(
    '/memory/getMyMemories',
    { ...loggedIn, schema: { response: { 200: envelope(MemoryListSchema) } } },
    (request) => getMyMemories(db, signer, userId(request)),
  )

  fastify.get(
    '/memory/getMemory',
    { ...loggedIn, schema: { querystring: MemoryIdQuerySchema, response: { 200: envelope(MemorySchema) } } },
    (request) => getMemory(db, signer, userId(request), request.query.memoryId),
  )

  fastify.post(
    '/memory/updateVisibility',
    { ...loggedIn, schema: { body: UpdateVisibilityBodySchema, response: { 200: envelope(Type.Null()) } } },
    (request) => updateVisibility(db, userId(request), request.body),
  )

  fastify.get(
    '/memory/getAvailableCardSets',
    { ...loggedIn, schema: { response: { 200: envelope(AvailableCardSetsSchema) } } },
    (request) => getAvailableCardSets(db, userId(request)),
  )

  fastify.get(
    '/getPeerUserCards',
    {
      ...loggedIn,
      schema: { querystring: PeerUserCardsQuerySchema, response: { 200: envelope(PeerUserCardsSchema) } },
    },
    (request) => getPeerUserCards(db, userId(request), request.query),
  )

  fastify.post(
    '/memory/createMemory',
    { ...loggedIn, schema: { body: CreateMemoryBodySchema, response: { 200: envelope(CreateMemoryResultSchema) } } },
    (request) => inTransaction(db, (trx) => createMemory(trx, userId(request), request.body)),
  )

  fastify.post(
    '/memory/updateMemory',
    { ...loggedIn, schema: { body: UpdateMemoryBodySchema, response: { 200: envelope(Type.Null()) } } },
    async (request) => {
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
    },
  )

  fastify.post(
    '/memory/uploadMemoryPicture',
    {
      ...loggedIn,
      schema: {
        querystring: UploadMemoryPictureQuerySchema,
        response: { 200: envelope(UploadMemoryPictureResultSchema) },
      },
      config: { limits: ['pictureUpload'] },
    },
    async (request) => {
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
    },
  )

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

  fastify.get(
    '/cards/getTransferrableCards',
    {
      ...loggedIn,
      schema: { querystring: TransferrableCardsQuerySchema, response: { 200: envelope(TransferrableCardsSchema) } },
    },
    (request) => getTransferrableCards(db, request.query.cardId),
  )

  fastify.post(
    '/memory/switchUserCard',
    {
      ...loggedIn,
      schema: { body: SwitchUserCardBodySchema, response: { 200: envelope(SwitchUserCardResultSchema) } },
    },
    (request) => inTransaction(db, (trx) => switchUserCard(trx, userId(request), request.body)),
  )

  fastify.post(
    '/memory/likeMemory',
    { ...loggedIn, schema: { body: MemoryIdBodySchema, response: { 200: envelope(LikeMemoryResultSchema) } } },
    (request) => inTransaction(db, (trx) => likeMemory(trx, userId(request), request.body.memoryId)),
  )

  fastify.post(
    '/memory/postComment',
    {
      ...loggedIn,
      schema: { body: PostCommentBodySchema, response: { 200: envelope(PostCommentResultSchema) } },
      config: { limits: ['comment'] },
    },
    (request) => inTransaction(db, (trx) => postComment(trx, userId(request), request.body)),
  )
}
