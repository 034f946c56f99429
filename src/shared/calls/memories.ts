import type { Call } from './call'

// Memories, their pictures, likes and comments (docs/product.md#calls-memories).

export const getMyMemories = { method: 'GET', url: '/memory/getMyMemories' } as const satisfies Call
export const getMemory = { method: 'GET', url: '/memory/getMemory' } as const satisfies Call
export const updateVisibility = { method: 'POST', url: '/memory/updateVisibility' } as const satisfies Call
export const getAvailableCardSets = { method: 'GET', url: '/memory/getAvailableCardSets' } as const satisfies Call
export const getPeerUserCards = { method: 'GET', url: '/getPeerUserCards' } as const satisfies Call
export const createMemory = { method: 'POST', url: '/memory/createMemory' } as const satisfies Call
export const updateMemory = { method: 'POST', url: '/memory/updateMemory' } as const satisfies Call
/** A multipart form with the picture; the copy it belongs to is in the query string. */
export const uploadMemoryPicture = { method: 'POST', url: '/memory/uploadMemoryPicture' } as const satisfies Call
export const getTransferrableCards = { method: 'GET', url: '/cards/getTransferrableCards' } as const satisfies Call
export const switchUserCard = { method: 'POST', url: '/memory/switchUserCard' } as const satisfies Call
export const likeMemory = { method: 'POST', url: '/memory/likeMemory' } as const satisfies Call
export const postComment = { method: 'POST', url: '/memory/postComment' } as const satisfies Call
export const getOnThisDay = { method: 'GET', url: '/memory/getOnThisDay' } as const satisfies Call
