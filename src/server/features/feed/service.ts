import type { Kysely } from 'kysely'

import { FEED_PAGE_SIZE, type MemoryFeed, type MemoryFeedQuery } from '@shared/feed'

import type { Database } from '../../db/schema'
import { decodeCursor, encodeCursor } from '../../lib/keysetCursor'
import type { PictureSigner } from '../../lib/pictureSigner'
import { hydrateMemories } from '../memories/readModel'

import { listFeedKeys } from './queries'

/**
 * Memories the viewer may see, newest first, paged by the key (created_at, id) of the last one shown:
 * memories written after the first page never shift later pages, so a page neither repeats nor skips one.
 */
export async function getMemoryFeed(
  db: Kysely<Database>,
  signer: PictureSigner,
  viewerId: string,
  query: MemoryFeedQuery,
): Promise<MemoryFeed> {
  const limit = query.limit ?? FEED_PAGE_SIZE
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  const keys = await listFeedKeys(db, viewerId, cursor, limit + 1)
  const shown = keys.slice(0, limit)
  const memories = await hydrateMemories(
    db,
    signer,
    viewerId,
    shown.map((key) => key.id),
  )
  const last = shown.at(-1)
  return { memories, nextCursor: keys.length > limit && last ? encodeCursor(last) : null }
}
