import type { Call } from './call'

// Memories, their pictures, likes and comments (docs/product.md#calls-memories).

export const getMyMemories = { method: 'GET', path: '/memory/getMyMemories' } as const satisfies Call
export const getMemory = { method: 'GET', path: '/memory/getMemory' } as const satisfies Call
export const updateVisibility = { method: 'POST', path: '/memory/updateVisibility' } as const satisfies Call
export const getAvailableCardSets = { method: 'GET', path: '/memory/getAvailableCardSets' } as const satisfies Call
export const getPeerUserCards = { method: 'GET', path: '/getPeerUserCards' } as const satisfies Call
export const createMemory = { method: 'POST', path: '/memory/createMemory' } as const satisfies Call
export const updateMemory = { method: 'POST', path: '/memory/updateMemory' } as const satisfies Call
/** A multipart form with the picture; the copy it belongs to is in the query string. */
export const uploadMemoryPicture = { method: 'POST', path: '/memory/uploadMemoryPicture' } as const satisfies Call
export const getTransferrableCards = { method: 'GET', path: '/cards/getTransferrableCards' } as const satisfies Call
export const switchUserCard = { method: 'POST', path: '/memory/switchUserCard' } as const satisfies Call
export const likeMemory = { method: 'POST', path: '/memory/likeMemory' } as const satisfies Call
export const postComment = { method: 'POST', path: '/memory/postComment' } as const satisfies Call
