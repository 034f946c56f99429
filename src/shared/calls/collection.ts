import type { Call } from './call'

// The traveller's own copies: recycling and gifts (docs/product.md#calls-collection).

export const getMyCollection = { method: 'GET', url: '/getMyCollection' } as const satisfies Call
export const getUserCard = { method: 'GET', url: '/getUserCard' } as const satisfies Call
export const getRecycleValue = { method: 'GET', url: '/getRecycleValue' } as const satisfies Call
export const recycleUserCard = { method: 'POST', url: '/recycleUserCard' } as const satisfies Call
export const getGiftAllowance = { method: 'GET', url: '/getGiftAllowance' } as const satisfies Call
export const giftUserCard = { method: 'POST', url: '/giftUserCard' } as const satisfies Call
