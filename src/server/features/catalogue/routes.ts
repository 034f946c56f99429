import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'

import { ART_VERSION } from '@shared/artVersion'
import {
  AvatarImageQuerySchema,
  CardImageQuerySchema,
  CardPreviewImageQuerySchema,
  CollectionImageQuerySchema,
  IconImageQuerySchema,
} from '@shared/catalogue'

import { blobFolder } from '../../lib/blobStore'
import { route } from '../../lib/calls'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'

import {
  ART_FOLDER,
  ART_KEYS,
  etagFor,
  renderAvatar,
  renderCardArt,
  renderCardPreview,
  renderCollectionArt,
  renderIcon,
  renderPlaceholder,
  type ArtContext,
  type RenderedImage,
} from './art'
import * as catalogueService from './service'

/** Art changes only with the catalogue version (which changes the ETag); a month of caching is safe. */
const IMAGE_CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=86400'

/** Asked with the current picture version (`v=`), the address itself changes with the picture: kept for good. */
const VERSIONED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

function cacheControlFor(request: FastifyRequest): string {
  const { v } = request.query as { v?: string }
  return v === ART_VERSION ? VERSIONED_IMAGE_CACHE_CONTROL : IMAGE_CACHE_CONTROL
}

/** Private: the answer carries the caller's authorized flag. Revalidated after a minute, answered by a 304 then. */
const CATALOGUE_CACHE_CONTROL = 'private, max-age=60'

function imageHeaders(request: FastifyRequest, reply: FastifyReply, etag: string) {
  return (
    reply
      .header('Cache-Control', cacheControlFor(request))
      .header('ETag', etag)
      // Share pages on the share host and link previews show these pictures too.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
  )
}

/** A browser that already holds the image gets a 304 before anything is read or rendered. */
function notModified(request: FastifyRequest, reply: FastifyReply, imageKey: string) {
  const etag = etagFor(imageKey)
  if (request.headers['if-none-match'] !== etag) return null
  return imageHeaders(request, reply, etag).status(304).send()
}

function sendImage(request: FastifyRequest, reply: FastifyReply, image: RenderedImage) {
  imageHeaders(request, reply, image.etag)
  if (request.headers['if-none-match'] === image.etag) return reply.status(304).send()
  return reply.type(image.contentType).send(image.body)
}

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const art: ArtContext = {
    db: fastify.db,
    store: blobFolder(fastify.blobs, ART_FOLDER),
    renderer: fastify.artRenderer,
  }
  const caller = (request: FastifyRequest) => request.user?.id ?? null

  // The same for everyone (but for the authorized flag) until the catalogue version changes: sent as prepared,
  // and a client holding it gets a 304. The flag follows the session, so caches keep one copy per X-Auth-Key.
  route(fastify, 'getCardCollections', {}, async (request, typedReply) => {
    // The prepared envelope is already JSON, which the typed reply (expecting the data) would not accept.
    const reply: FastifyReply = typedReply
    const answer = await catalogueService.cardCollectionsAnswer(fastify.catalogue, request.user != null)
    reply.header('ETag', answer.etag).header('Cache-Control', CATALOGUE_CACHE_CONTROL).header('Vary', 'X-Auth-Key')
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send()
    return reply.type('application/json').send(answer.json)
  })

  route(fastify, 'getCardsOfCollection', {}, async (request, typedReply) => {
    // Sent as prepared JSON (see cardsOfCollectionAnswer), which the typed reply (expecting the data) would not accept.
    const reply: FastifyReply = typedReply
    const json = await catalogueService.cardsOfCollectionAnswer(
      fastify.db,
      fastify.catalogue,
      caller(request),
      request.query.collectionId,
      request.query.rarity,
    )
    return reply.type('application/json').send(json)
  })

  route(fastify, 'getCard', {}, (request) =>
    catalogueService.getCard(fastify.db, fastify.catalogue, caller(request), request.query.cardId),
  )

  route(fastify, 'searchPlaces', {}, (request) =>
    catalogueService.searchPlaces(fastify.catalogue, request.query.query, request.query.limit),
  )

  route(fastify, 'setBeenThere', { onRequest: fastify.requireUser }, async (request) => {
    await catalogueService.setBeenThere(
      fastify.db,
      fastify.catalogue,
      userId(request),
      request.body.cardId,
      request.body.value,
    )
    return null
  })

  const imageRoute = { config: { skipApiKey: true, rawResponse: true } }

  fastify.get(
    '/image/card',
    { ...imageRoute, schema: { querystring: CardImageQuerySchema } },
    async (request, reply) => {
      const size = request.query.lg === '1' || request.query.lg === 'true' ? 'lg' : 'sm'
      const imageId = request.query.imageId?.trim() ?? ''
      if (imageId && notModified(request, reply, ART_KEYS.card(imageId, size))) return reply
      const image = (imageId && (await renderCardArt(art, imageId, size))) || (await renderPlaceholder(art, size))
      return sendImage(request, reply, image)
    },
  )

  fastify.get(
    '/image/cardPreview',
    { ...imageRoute, schema: { querystring: CardPreviewImageQuerySchema } },
    async (request, reply) => {
      const imageId = request.query.imageId.trim()
      if (notModified(request, reply, ART_KEYS.cardPreview(imageId))) return reply
      const image = await renderCardPreview(art, imageId)
      if (!image) throw new AppError('NotFound', 'Card not found')
      return sendImage(request, reply, image)
    },
  )

  fastify.get(
    '/image/collection',
    { ...imageRoute, schema: { querystring: CollectionImageQuerySchema } },
    async (request, reply) => {
      if (notModified(request, reply, ART_KEYS.collection(request.query.collectionId))) return reply
      const image = await renderCollectionArt(art, request.query.collectionId)
      if (!image) throw new AppError('NotFound', 'Card collection not found')
      return sendImage(request, reply, image)
    },
  )

  fastify.get(
    '/image/avatar',
    { ...imageRoute, schema: { querystring: AvatarImageQuerySchema } },
    async (request, reply) => {
      if (notModified(request, reply, ART_KEYS.avatar(request.query.avatarId))) return reply
      const image = await renderAvatar(art, request.query.avatarId)
      if (!image) throw new AppError('NotFound', 'Avatar not found')
      return sendImage(request, reply, image)
    },
  )

  fastify.get(
    '/image/icon.png',
    { ...imageRoute, schema: { querystring: IconImageQuerySchema } },
    async (request, reply) => sendImage(request, reply, await renderIcon(art, request.query.size)),
  )
}
