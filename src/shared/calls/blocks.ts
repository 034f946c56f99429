import type { Call } from './call'

// Blocking and muting travellers (docs/product.md#blocking).

export const blockTraveller = { method: 'POST', url: '/blocks/blockTraveller' } as const satisfies Call
export const unblockTraveller = { method: 'POST', url: '/blocks/unblockTraveller' } as const satisfies Call
export const muteTraveller = { method: 'POST', url: '/blocks/muteTraveller' } as const satisfies Call
export const unmuteTraveller = { method: 'POST', url: '/blocks/unmuteTraveller' } as const satisfies Call
export const getBlockedTravellers = { method: 'GET', url: '/blocks/getBlockedTravellers' } as const satisfies Call
export const getMutedTravellers = { method: 'GET', url: '/blocks/getMutedTravellers' } as const satisfies Call
