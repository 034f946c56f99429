import type { Call } from './call'

// Blocking and muting travellers (docs/product.md#blocking).

export const blockTraveller = { method: 'POST', path: '/blocks/blockTraveller' } as const satisfies Call
export const unblockTraveller = { method: 'POST', path: '/blocks/unblockTraveller' } as const satisfies Call
export const muteTraveller = { method: 'POST', path: '/blocks/muteTraveller' } as const satisfies Call
export const unmuteTraveller = { method: 'POST', path: '/blocks/unmuteTraveller' } as const satisfies Call
export const getBlockedTravellers = { method: 'GET', path: '/blocks/getBlockedTravellers' } as const satisfies Call
export const getMutedTravellers = { method: 'GET', path: '/blocks/getMutedTravellers' } as const satisfies Call
