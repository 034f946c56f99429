import type { CallBody, CallResponse } from '@shared/calls/schemas'
import * as tripsCalls from '@shared/calls/trips'

import { baseApi } from '../../api/baseApi'

/** Every list of trips, and the one trip a change was made to. */
function tripTags(tripId?: string) {
  return [{ type: 'Trip' as const, id: 'LIST' }, ...(tripId ? [{ type: 'Trip' as const, id: tripId }] : [])]
}

/** Trips (docs/product.md#trips). A trip's dates and places come from its memories, so it follows them too. */
export const tripsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyTrips: build.query<CallResponse<'getMyTrips'>, void>({
      query: () => tripsCalls.getMyTrips,
      providesTags: [...tripTags(), { type: 'Memory', id: 'LIST' }],
    }),
    /** The trip page says "Trip not found." itself. */
    getTrip: build.query<CallResponse<'getTrip'>, string>({
      query: (tripId) => ({ ...tripsCalls.getTrip, params: { tripId } }),
      extraOptions: { silentErrors: 'refusals' },
      providesTags: (trip, _error, tripId) => [
        ...tripTags(tripId),
        { type: 'Memory', id: 'LIST' },
        ...(trip?.memories ?? []).map((memory) => ({ type: 'Memory' as const, id: memory.memoryId })),
      ],
    }),
    createTrip: build.mutation<CallResponse<'createTrip'>, CallBody<'createTrip'>>({
      query: (body) => ({ ...tripsCalls.createTrip, body }),
      invalidatesTags: tripTags(),
    }),
    updateTrip: build.mutation<CallResponse<'updateTrip'>, CallBody<'updateTrip'>>({
      query: (body) => ({ ...tripsCalls.updateTrip, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
    deleteTrip: build.mutation<CallResponse<'deleteTrip'>, CallBody<'deleteTrip'>>({
      query: (body) => ({ ...tripsCalls.deleteTrip, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
    addTripMemory: build.mutation<CallResponse<'addTripMemory'>, CallBody<'addTripMemory'>>({
      query: (body) => ({ ...tripsCalls.addTripMemory, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
    removeTripMemory: build.mutation<CallResponse<'removeTripMemory'>, CallBody<'removeTripMemory'>>({
      query: (body) => ({ ...tripsCalls.removeTripMemory, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
    inviteToTrip: build.mutation<CallResponse<'inviteToTrip'>, CallBody<'inviteToTrip'>>({
      query: (body) => ({ ...tripsCalls.inviteToTrip, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
    answerTripInvite: build.mutation<CallResponse<'answerTripInvite'>, CallBody<'answerTripInvite'>>({
      query: (body) => ({ ...tripsCalls.answerTripInvite, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
    removeTripMember: build.mutation<CallResponse<'removeTripMember'>, CallBody<'removeTripMember'>>({
      query: (body) => ({ ...tripsCalls.removeTripMember, body }),
      invalidatesTags: (_result, _error, { tripId }) => tripTags(tripId),
    }),
  }),
})

export const {
  useGetMyTripsQuery,
  useGetTripQuery,
  useCreateTripMutation,
  useUpdateTripMutation,
  useDeleteTripMutation,
  useAddTripMemoryMutation,
  useRemoveTripMemoryMutation,
  useInviteToTripMutation,
  useAnswerTripInviteMutation,
  useRemoveTripMemberMutation,
} = tripsApi
