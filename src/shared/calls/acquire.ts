import type { Call } from './call'

// Picking and drawing cards, for travellers and for visitors (docs/product.md#calls-catalogue).

export const getAgeConfirmation = { method: 'GET', url: '/getAgeConfirmation' } as const satisfies Call
export const confirmAge = { method: 'POST', url: '/confirmAge' } as const satisfies Call
export const getPrices = { method: 'GET', url: '/getPrices' } as const satisfies Call
export const pickCard = { method: 'POST', url: '/pickCard' } as const satisfies Call
/** A GET on the wire, though it spends credit. */
export const drawCard = { method: 'GET', url: '/drawCard' } as const satisfies Call
export const getCardDrawResult = { method: 'GET', url: '/getCardDrawResult' } as const satisfies Call
export const getMyDraws = { method: 'GET', url: '/getMyDraws' } as const satisfies Call
export const getDrawPity = { method: 'GET', url: '/getDrawPity' } as const satisfies Call
/** A GET on the wire, though it makes a visitor's draw. */
export const freeDrawCard = { method: 'GET', url: '/public/freeDrawCard' } as const satisfies Call
export const getFreeCardDrawResult = { method: 'GET', url: '/public/getFreeCardDrawResult' } as const satisfies Call
