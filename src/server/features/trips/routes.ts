import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { TRIP_TEXTS, TripMapImageQuerySchema } from '@shared/trips'

import { route } from '../../lib/calls'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/requestUser'

import { getMyTrips, getTrip } from './reading'
import {
  addTripMemory,
  answerTripInvite,
  createTrip,
  deleteTrip,
  inviteToTrip,
  removeTripMember,
  removeTripMemory,
  updateTrip,
} from './service'
import { deleteTripMapsOf, findPublicTrip, tripMapPreview } from './sharePage'

/**
 * A trip made Private stops being readable at once (docs/product.md#trips), and the map's address (its version)
 * follows the drawing, not the visibility: a cache keeps the picture but asks again before each use, a 304 from the
 * ETag while the trip is still Public (no drawing, a few reads), a 404 once it is not.
 */
const TRIP_MAP_CACHE_CONTROL = 'public, no-cache'

export const tripsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const loggedIn = { onRequest: fastify.requireUser }

  route(fastify, 'getMyTrips', { ...loggedIn }, (request) => getMyTrips(db, userId(request)))
  route(fastify, 'getTrip', { ...loggedIn }, (request) =>
    getTrip(db, fastify.pictureSigner, userId(request), request.query.tripId),
  )
  route(fastify, 'createTrip', { ...loggedIn }, (request) => createTrip(db, userId(request), request.body))
  route(fastify, 'updateTrip', { ...loggedIn }, (request) => updateTrip(db, userId(request), request.body))
  route(fastify, 'deleteTrip', { ...loggedIn }, async (request) => {
    const deleted = await deleteTrip(db, userId(request), request.body.tripId)
    // Its route maps name its title and places: they go with it.
    await deleteTripMapsOf(fastify.blobs, userId(request), request.body.tripId)
    return deleted
  })
  route(fastify, 'addTripMemory', { ...loggedIn }, (request) => addTripMemory(db, userId(request), request.body))
  route(fastify, 'removeTripMemory', { ...loggedIn }, (request) => removeTripMemory(db, userId(request), request.body))
  route(fastify, 'inviteToTrip', { ...loggedIn }, (request) => inviteToTrip(db, userId(request), request.body))
  route(fastify, 'answerTripInvite', { ...loggedIn }, (request) => answerTripInvite(db, userId(request), request.body))
  route(fastify, 'removeTripMember', { ...loggedIn }, (request) => removeTripMember(db, userId(request), request.body))

  // A Public trip's route map, for the crawlers that unfold its link; gone when the trip is not Public.
  fastify.get(
    '/image/tripMap',
    {
      schema: { querystring: TripMapImageQuerySchema, hide: true },
      config: { skipApiKey: true, rawResponse: true, limits: ['sharePage'] },
    },
    async (request, reply) => {
      const trip = await findPublicTrip(db, request.query.shareId.trim())
      if (!trip) throw new AppError('NotFound', TRIP_TEXTS.notFound)
      const etag = `"${trip.version}"`
      reply
        .header('Cache-Control', TRIP_MAP_CACHE_CONTROL)
        .header('ETag', etag)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      return reply.type('image/png').send(await tripMapPreview(fastify.catalogue, fastify.blobs, trip))
    },
  )
}
