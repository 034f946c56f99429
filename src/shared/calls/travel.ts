import type { Call } from './call'

// The travel map, progress and the bucket list (docs/product.md#calls-travel).

export const getMapPlaces = { method: 'GET', path: '/travel/getMapPlaces' } as const satisfies Call
export const getMyMap = { method: 'GET', path: '/travel/getMyMap' } as const satisfies Call
export const getProgress = { method: 'GET', path: '/collection/getProgress' } as const satisfies Call
export const getPlaceTravel = { method: 'GET', path: '/travel/getPlaceTravel' } as const satisfies Call
export const getBucketList = { method: 'GET', path: '/travel/getBucketList' } as const satisfies Call
export const setWantToGo = { method: 'POST', path: '/travel/setWantToGo' } as const satisfies Call
export const removeVerification = { method: 'POST', path: '/travel/removeVerification' } as const satisfies Call
