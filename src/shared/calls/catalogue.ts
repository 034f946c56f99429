import type { Call } from './call'

// The catalogue of cards and collections (docs/product.md#calls-catalogue).

export const getCardCollections = { method: 'GET', url: '/getCardCollections' } as const satisfies Call
export const getCardsOfCollection = { method: 'GET', url: '/getCardsOfCollection' } as const satisfies Call
export const getCard = { method: 'GET', url: '/getCard' } as const satisfies Call
export const searchPlaces = { method: 'GET', url: '/searchPlaces' } as const satisfies Call
export const setBeenThere = { method: 'POST', url: '/setBeenThere' } as const satisfies Call
