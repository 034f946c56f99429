import { Type, type Static } from 'typebox'

import { IntegerSchema, TextSchema } from './common'
import { MemorySchema } from './memories'

export const FEED_PAGE_SIZE = 20
export const FEED_PAGE_MAX = 50

/** cursor: the nextCursor of the previous page (opaque); absent for the first page. */
export const MemoryFeedQuerySchema = Type.Object({
  cursor: Type.Optional(TextSchema({ maxLength: 200 })),
  limit: Type.Optional(IntegerSchema({ minimum: 1, maximum: FEED_PAGE_MAX })),
})
export type MemoryFeedQuery = Static<typeof MemoryFeedQuerySchema>

/** Newest first; nextCursor is null on the last page. New memories never shift later pages. */
export const MemoryFeedSchema = Type.Object({
  memories: Type.Array(MemorySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type MemoryFeed = Static<typeof MemoryFeedSchema>
