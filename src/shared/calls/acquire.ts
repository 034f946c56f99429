import type { Call } from './call'

// Picking and drawing cards, for travellers and for visitors (docs/product.md#calls-catalogue).

export const getAgeConfirmation = { method: 'GET', path: '/getAgeConfirmation' } as const satisfies Call
export const confirmAge = { method: 'POST', path: '/confirmAge' } as const satisfies Call
export const getPrices = { method: 'GET', path: '/getPrices' } as const satisfies Call
export const pickCard = { method: 'POST', path: '/pickCard' } as const satisfies Call
/** A GET on the wire, though it spends credit. */
export const drawCard = { method: 'GET', path: '/drawCard' } as const satisfies Call
export const getCardDrawResult = { method: 'GET', path: '/getCardDrawResult' } as const satisfies Call
export const getMyDraws = { method: 'GET', path: '/getMyDraws' } as const satisfies Call
export const getDrawPity = { method: 'GET', path: '/getDrawPity' } as const satisfies Call
/** A GET on the wire, though it makes a visitor's draw. */
export const freeDrawCard = { method: 'GET', path: '/public/freeDrawCard' } as const satisfies Call
export const getFreeCardDrawResult = { method: 'GET', path: '/public/getFreeCardDrawResult' } as const satisfies Call
