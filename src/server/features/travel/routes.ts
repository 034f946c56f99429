import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'

import { FRIEND_CODE_LENGTH } from '@shared/constants'
import { TravelMapImageQuerySchema } from '@shared/travel'

import { blobFolder } from '../../lib/blobStore'
import { route } from '../../lib/calls'
import { envelopeJson } from '../../lib/envelopeJson'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'

import { PREVIEW_FOLDER } from './mapImage'
import { travelMapPreview, travelShareFacts } from './profilePreview'
import { findSharedYearRecap, getYearRecap, shareYearRecap, stopSharingYearRecap, yearRecapPreview } from './recap'
import * as travelService from './service'

/** The map changes only with the catalogue version or the drawing (either changes the ETag); revalidated daily. */
const MAP_CACHE_CONTROL = 'public, max-age=86400'
/** A preview follows its traveller's map; its address carries the version, so an hour's reuse is safe. */
const PREVIEW_CACHE_CONTROL = 'public, max-age=3600'
/**
 * A shared year's preview goes the moment sharing stops, which its version does not follow: caches ask each time (a
 * 304 while it is shared, a 404 once it is not), as for a trip's route map.
 */
const SHARED_YEAR_CACHE_CONTROL = 'public, no-cache'

export const travelRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const loggedIn = { onRequest: fastify.requireUser }
  const previews = blobFolder(fastify.blobs, PREVIEW_FOLDER)

  // The same drawing for everyone: prepared once, answered with a 304 to a browser that holds it.
  route(fastify, 'getMapPlaces', {}, async (request, typedReply) => {
    const reply: FastifyReply = typedReply
    const map = travelService.getMapPlaces(fastify.catalogue)
    const etag = `${map.etag.slice(0, -1)}-${request.user ? 'u' : 'v'}"`
    reply.header('ETag', etag).header('Cache-Control', MAP_CACHE_CONTROL).header('Vary', 'X-Auth-Key')
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.type('application/json').send(envelopeJson(JSON.stringify(map.data), request.user != null))
  })

  route(fastify, 'getMyMap', { ...loggedIn }, (request) =>
    travelService.getMyMap(db, fastify.catalogue, userId(request)),
  )

  route(fastify, 'getProgress', { ...loggedIn }, (request) =>
    travelService.progressOf(db, fastify.catalogue, userId(request)),
  )

  route(fastify, 'getPlaceTravel', { ...loggedIn }, (request) =>
    travelService.getPlaceTravel(db, fastify.catalogue, userId(request), request.query.cardId),
  )

  route(fastify, 'getBucketList', { ...loggedIn }, (request) =>
    travelService.getBucketList(db, fastify.catalogue, userId(request)),
  )

  route(fastify, 'setWantToGo', { ...loggedIn }, async (request) => {
    await travelService.setWantToGo(db, fastify.catalogue, userId(request), request.body.cardId, request.body.value)
    return null
  })

  route(fastify, 'removeVerification', { ...loggedIn }, async (request) => {
    await travelService.removeVerification(db, fastify.catalogue, userId(request), request.body.cardId)
    return null
  })

  // Fetched by link-preview crawlers, which send no API key; limited like the share pages it belongs to.
  fastify.get(
    '/image/travelMap',
    {
      schema: { querystring: TravelMapImageQuerySchema, hide: true },
      config: { skipApiKey: true, rawResponse: true, limits: ['sharePage'] },
    },
    async (request, reply) => {
      const friendCode = request.query.shareId.trim().toUpperCase()
      const facts =
        friendCode.length === FRIEND_CODE_LENGTH ? await travelShareFacts(db, fastify.catalogue, friendCode) : null
      if (!facts) throw new AppError('NotFound', 'Traveller not found.')
      const etag = `"${facts.version}"`
      reply
        .header('Cache-Control', PREVIEW_CACHE_CONTROL)
        .header('ETag', etag)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      return reply.type('image/png').send(await travelMapPreview(fastify.catalogue, previews, facts))
    },
  )

  route(fastify, 'getYearRecap', { ...loggedIn }, (request) =>
    getYearRecap(db, fastify.catalogue, userId(request), request.query.year),
  )
  route(fastify, 'shareYearRecap', { ...loggedIn }, (request) => shareYearRecap(db, userId(request), request.body.year))
  route(fastify, 'stopSharingYearRecap', { ...loggedIn }, (request) =>
    stopSharingYearRecap(db, userId(request), request.body.year),
  )

  // A shared year's preview, for the crawlers that unfold its link; gone with the share.
  fastify.get(
    '/image/yearRecap',
    {
      schema: { querystring: TravelMapImageQuerySchema, hide: true },
      config: { skipApiKey: true, rawResponse: true, limits: ['sharePage'] },
    },
    async (request, reply) => {
      const shared = await findSharedYearRecap(db, fastify.catalogue, request.query.shareId.trim())
      if (!shared) throw new AppError('NotFound', 'This year is not shared.')
      const etag = `"${shared.version}"`
      reply
        .header('Cache-Control', SHARED_YEAR_CACHE_CONTROL)
        .header('ETag', etag)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      return reply.type('image/png').send(await yearRecapPreview(fastify.catalogue, fastify.blobs, shared))
    },
  )
}
