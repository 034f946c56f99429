import type { Call } from './call'

// The traveller's own copies: recycling and gifts (docs/product.md#calls-collection).

export const getMyCollection = { method: 'GET', path: '/getMyCollection' } as const satisfies Call
export const getUserCard = { method: 'GET', path: '/getUserCard' } as const satisfies Call
export const getRecycleValue = { method: 'GET', path: '/getRecycleValue' } as const satisfies Call
export const recycleUserCard = { method: 'POST', path: '/recycleUserCard' } as const satisfies Call
export const getGiftAllowance = { method: 'GET', path: '/getGiftAllowance' } as const satisfies Call
export const giftUserCard = { method: 'POST', path: '/giftUserCard' } as const satisfies Call
