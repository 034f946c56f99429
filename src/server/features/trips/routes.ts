import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import {
  addTripMemory,
  answerTripInvite,
  createTrip,
  deleteTrip,
  getMyTrips,
  getTrip,
  inviteToTrip,
  removeTripMember,
  removeTripMemory,
  updateTrip,
} from './service'

export const tripsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify
  const loggedIn = { onRequest: fastify.requireUser }

  route(fastify, 'getMyTrips', { ...loggedIn }, (request) => getMyTrips(db, userId(request)))
  route(fastify, 'getTrip', { ...loggedIn }, (request) =>
    getTrip(db, fastify.pictureSigner, userId(request), request.query.tripId),
  )
  route(fastify, 'createTrip', { ...loggedIn }, (request) => createTrip(db, userId(request), request.body))
  route(fastify, 'updateTrip', { ...loggedIn }, (request) => updateTrip(db, userId(request), request.body))
  route(fastify, 'deleteTrip', { ...loggedIn }, (request) => deleteTrip(db, userId(request), request.body.tripId))
  route(fastify, 'addTripMemory', { ...loggedIn }, (request) => addTripMemory(db, userId(request), request.body))
  route(fastify, 'removeTripMemory', { ...loggedIn }, (request) => removeTripMemory(db, userId(request), request.body))
  route(fastify, 'inviteToTrip', { ...loggedIn }, (request) => inviteToTrip(db, userId(request), request.body))
  route(fastify, 'answerTripInvite', { ...loggedIn }, (request) => answerTripInvite(db, userId(request), request.body))
  route(fastify, 'removeTripMember', { ...loggedIn }, (request) => removeTripMember(db, userId(request), request.body))
}
