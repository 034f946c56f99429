import type { Call } from './call'

// Memories from photos (docs/product.md#memories-from-photos).

/** A multipart form with one photo: JPEG, PNG, WebP or HEIC. */
export const importPhoto = { method: 'POST', url: '/memory/importPhoto' } as const satisfies Call
export const getPhotoImport = { method: 'GET', url: '/memory/getPhotoImport' } as const satisfies Call
export const moveImportedPhoto = { method: 'POST', url: '/memory/moveImportedPhoto' } as const satisfies Call
export const removeImportedPhoto = { method: 'POST', url: '/memory/removeImportedPhoto' } as const satisfies Call
export const changeDraftPlace = { method: 'POST', url: '/memory/changeDraftPlace' } as const satisfies Call
export const startVisitFromPhoto = { method: 'POST', url: '/memory/startVisitFromPhoto' } as const satisfies Call
export const saveMemoryDraft = { method: 'POST', url: '/memory/saveMemoryDraft' } as const satisfies Call
export const discardMemoryDraft = { method: 'POST', url: '/memory/discardMemoryDraft' } as const satisfies Call
