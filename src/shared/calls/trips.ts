import type { Call } from './call'

// Trips (docs/product.md#trips).

export const getMyTrips = { method: 'GET', url: '/trip/getMyTrips' } as const satisfies Call
export const getTrip = { method: 'GET', url: '/trip/getTrip' } as const satisfies Call
export const createTrip = { method: 'POST', url: '/trip/createTrip' } as const satisfies Call
export const updateTrip = { method: 'POST', url: '/trip/updateTrip' } as const satisfies Call
export const deleteTrip = { method: 'POST', url: '/trip/deleteTrip' } as const satisfies Call
export const addTripMemory = { method: 'POST', url: '/trip/addTripMemory' } as const satisfies Call
export const removeTripMemory = { method: 'POST', url: '/trip/removeTripMemory' } as const satisfies Call
export const inviteToTrip = { method: 'POST', url: '/trip/inviteToTrip' } as const satisfies Call
export const answerTripInvite = { method: 'POST', url: '/trip/answerTripInvite' } as const satisfies Call
export const removeTripMember = { method: 'POST', url: '/trip/removeTripMember' } as const satisfies Call
