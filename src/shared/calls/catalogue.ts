import type { Call } from './call'

// The catalogue of cards and collections (docs/product.md#calls-catalogue).

export const getCardCollections = { method: 'GET', path: '/getCardCollections' } as const satisfies Call
export const getCardsOfCollection = { method: 'GET', path: '/getCardsOfCollection' } as const satisfies Call
export const getCard = { method: 'GET', path: '/getCard' } as const satisfies Call
export const searchPlaces = { method: 'GET', path: '/searchPlaces' } as const satisfies Call
export const setBeenThere = { method: 'POST', path: '/setBeenThere' } as const satisfies Call
