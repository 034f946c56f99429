import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { hiddenAuthorsOf } from '../../db/blocks'
import { compiledOnce, type ValueOf } from '../../db/compiledOnce'
import { isPostgres } from '../../db/dialect'
import { jsonRowsOf, parsedJsonRows } from '../../db/jsonRows'
import { memoryNotModeratedFor } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import type { KeysetKey } from '../../lib/keysetCursor'

/** A memory's place in the newest-first feed. */
export type FeedKey = KeysetKey

/** Strictly after the cursor in newest-first order: a row comparison (created_at, id) < cursor, which both databases index. */
function after(cursor: FeedKey) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb(eb.refTuple('memories.created_at', 'memories.id'), '<', eb.tuple(cursor.createdAt, cursor.id))
}

function byNewest(a: FeedKey, b: FeedKey): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/**
 * Friends' memories after the cursor. Given an IN list, PostgreSQL walks the newest-first index of all memories and
 * filters by author, which grows with everyone's memories: at a million memories and 50 friends, 11.6 ms that way
 * against 4.7 ms reading friend by friend (EXPLAIN ANALYZE on the data of scripts/bench/growth.ts). So there each
 * friend's own range is read (at most `limit` rows each, LATERAL) and the ranges merged; SQLite's planner already
 * reads an IN list that way, and has no LATERAL.
 */
function friendsStream(
  db: Kysely<Database>,
  notPrivate: SelectQueryBuilder<Database, 'memories', FeedKey>,
  friendIds: string[],
  limit: number,
): Promise<FeedKey[]> {
  if (!isPostgres(db)) return notPrivate.where('memories.user_id', 'in', friendIds).execute()
  return db
    .selectFrom(sql<{ friend: string }>`unnest(${friendIds}::text[])`.as('friend'))
    .innerJoinLateral(
      notPrivate.where('memories.user_id', '=', sql.ref<string>('friend.friend')).as('stream'),
      (join) => join.onTrue(),
    )
    .select(['stream.createdAt', 'stream.id'])
    .orderBy('stream.createdAt', 'desc')
    .orderBy('stream.id', 'desc')
    .limit(limit)
    .execute()
}

const viewerLists = compiledOnce((db, value: ValueOf<{ viewerId: string }>) =>
  db.selectNoFrom([
    jsonRowsOf(db, db.selectFrom('friendships').select('friend_id as id').where('user_id', '=', value('viewerId'))).as(
      'friends',
    ),
    jsonRowsOf(db, db.selectFrom('memory_tags').select('memory_id as id').where('user_id', '=', value('viewerId'))).as(
      'tags',
    ),
    jsonRowsOf(db, hiddenAuthorsOf(db, value('viewerId'))).as('hidden'),
  ]),
)

/**
 * What the viewer's feed is made from, in one statement: their friends, the memories they are tagged in, and the
 * authors left out (blocked either way, or muted).
 */
async function feedViewer(db: Kysely<Database>, viewerId: string) {
  const [lists] = await viewerLists(db, { viewerId })
  const ids = (column: { id: string }[] | string | undefined) =>
    (column ? parsedJsonRows(column) : []).map((row) => row.id)
  return { friends: ids(lists?.friends), tags: ids(lists?.tags), hidden: ids(lists?.hidden) }
}

/**
 * The feed is the union of four streams, each an index range scan in (created_at, id) order: the viewer's own
 * memories, public ones, their friends' memories that are not private, and those they are tagged in that are not private.
 * Each returns at most `limit` keys after the cursor, so their merged top `limit` is exactly the page.
 * Friends and tags are read first and given as id lists with `visibility != Private`: written as a join or as
 * `visibility = Friends`, SQLite's planner walks the whole visibility index checking each row, which is slow for a
 * viewer with few friends or tags (docs/benchmarks.md). Authors the viewer blocked, was blocked by or muted are
 * left out of every stream, read first as one more id list (docs/security.md#blocking).
 */
export async function listFeedKeys(
  db: Kysely<Database>,
  viewerId: string,
  cursor: FeedKey | null,
  limit: number,
): Promise<FeedKey[]> {
  const { friends, tags, hidden } = await feedViewer(db, viewerId)
  const base = db
    .selectFrom('memories')
    .select(['memories.created_at as createdAt', 'memories.id as id'])
    .$if(cursor != null, (q) => q.where(after(cursor as FeedKey)))
    .$if(hidden.length > 0, (q) => q.where('memories.user_id', 'not in', hidden))
    .where(memoryNotModeratedFor(viewerId, nowIso()))
    .orderBy('memories.created_at', 'desc')
    .orderBy('memories.id', 'desc')
    .limit(limit)
  const notPrivate = base.where('memories.visibility', '!=', VISIBILITY.Private)
  const streams = await Promise.all([
    base.where('memories.user_id', '=', viewerId).execute(),
    base.where('memories.visibility', '=', VISIBILITY.Public).execute(),
    friends.length > 0 ? friendsStream(db, notPrivate, friends, limit) : [],
    tags.length > 0 ? notPrivate.where('memories.id', 'in', tags).execute() : [],
  ])
  const merged = new Map<string, FeedKey>()
  for (const row of streams.flat()) merged.set(row.id, { createdAt: row.createdAt, id: row.id })
  return [...merged.values()].sort(byNewest).slice(0, limit)
}
