import type { Call } from './call'

// The travel map, progress and the bucket list (docs/product.md#calls-travel).

export const getMapPlaces = { method: 'GET', url: '/travel/getMapPlaces' } as const satisfies Call
export const getMyMap = { method: 'GET', url: '/travel/getMyMap' } as const satisfies Call
export const getProgress = { method: 'GET', url: '/collection/getProgress' } as const satisfies Call
export const getPlaceTravel = { method: 'GET', url: '/travel/getPlaceTravel' } as const satisfies Call
export const getBucketList = { method: 'GET', url: '/travel/getBucketList' } as const satisfies Call
export const setWantToGo = { method: 'POST', url: '/travel/setWantToGo' } as const satisfies Call
export const removeVerification = { method: 'POST', url: '/travel/removeVerification' } as const satisfies Call
export const getYearRecap = { method: 'GET', url: '/recap/getYearRecap' } as const satisfies Call
export const shareYearRecap = { method: 'POST', url: '/recap/shareYearRecap' } as const satisfies Call
export const stopSharingYearRecap = { method: 'POST', url: '/recap/stopSharingYearRecap' } as const satisfies Call
