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
import { compiledOnce, compiledPerShape, type ValueOf } from '../../db/compiledOnce'
import { isPostgres } from '../../db/dialect'
import { memoryNotModeratedFor, sharedMemoryNotModeratedFor } from '../../db/moderationFilters'
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

/** A stream's bounds as its compiled query takes them: placeholders for the values, and whether a cursor is given. */
interface StreamBounds {
  viewerId: string
  now: string
  limit: number
  cursor: FeedKey | null
}

/**
 * What every stream starts from: memory keys newest first, at most `limit`, after the cursor if any, leaving out the
 * hidden authors and what moderation hides from the viewer.
 */
function streamBase(
  db: Kysely<Database>,
  { viewerId, now, limit, cursor }: StreamBounds,
  notHidden: Expression<SqlBool>,
) {
  return keysAfter(db, cursor, limit).where(notHidden).where(memoryNotModeratedFor(viewerId, now))
}

/**
 * The friends' stream starts from memories others may see, with the visibility's constant as a literal: the statement
 * then matches the partial index of such memories (memories_shared_feed_idx) whatever its parameters, and each
 * friend's newest keys come from the index alone (docs/benchmarks.md, "A friend's newest keys from a partial
 * index").
 */
function friendsStreamBase(
  db: Kysely<Database>,
  { viewerId, now, limit, cursor }: StreamBounds,
  notHidden: Expression<SqlBool>,
) {
  return keysAfter(db, cursor, limit)
    .where(notHidden)
    .where('memories.visibility', '<>', sql.lit(VISIBILITY.Private))
    .where(sharedMemoryNotModeratedFor(viewerId, now))
}

function keysAfter(db: Kysely<Database>, cursor: FeedKey | null, limit: number) {
  return db
    .selectFrom('memories')
    .select(['memories.created_at as createdAt', 'memories.id as id'])
    .$if(cursor !== null, (q) => q.where(after(cursor as FeedKey)))
    .orderBy('memories.created_at', 'desc')
    .orderBy('memories.id', 'desc')
    .limit(limit)
}

/** The cursor's placeholders on the pages after the first. */
function cursorOf<Values extends { cursorCreatedAt?: string; cursorId?: string }>(
  value: ValueOf<Values>,
  page: string,
): FeedKey | null {
  return page === 'after cursor'
    ? { createdAt: value('cursorCreatedAt') as string, id: value('cursorId') as string }
    : null
}

function byNewest(a: FeedKey, b: FeedKey): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/** Ids as SQLite's JSON array text, which `json_each` reads back: `["a","b"]`. */
function idArray(db: Kysely<Database>, ids: SelectQueryBuilder<Database, keyof Database, { id: string }>) {
  return db.selectFrom(ids.as('agg')).select(sql<string>`coalesce(json_group_array(agg.id), '[]')`.as('ids'))
}

/** SQLite's view of the viewer, in one statement: their friends, the memories they are tagged in, the authors left out. */
const sqliteFeedViewer = compiledOnce((db, value: ValueOf<{ viewerId: string }>) =>
  db.selectNoFrom([
    idArray(db, db.selectFrom('friendships').select('friend_id as id').where('user_id', '=', value('viewerId'))).as(
      'friends',
    ),
    idArray(db, db.selectFrom('memory_tags').select('memory_id as id').where('user_id', '=', value('viewerId'))).as(
      'tags',
    ),
    idArray(db, hiddenAuthorsOf(db, value('viewerId'))).as('hidden'),
  ]),
)

/** The memory keys of one of SQLite's streams; `ids` is the friends' or the tagged memories' JSON array. */
interface SqliteStreamValues {
  viewerId: string
  now: string
  limit: number
  hidden: string
  ids?: string
  cursorCreatedAt?: string
  cursorId?: string
}

type SqliteStream = 'own' | 'public' | 'friends' | 'tagged'

/** The ids of a JSON array, as a list that SQLite reads once per statement and looks up in the index. */
function idsOf(array: string) {
  return sql<string>`(select value from json_each(${array}))`
}

/**
 * One stream, compiled once per stream and per first page or later page, so its text is the same whatever the lengths
 * of the viewer's lists, which it takes as JSON arrays. Written as a join or as `visibility = Friends`, SQLite's planner
 * walks the whole visibility index checking each row, which is slow for a viewer with few friends or tags
 * (docs/benchmarks.md); given the ids, it looks each one up in the index.
 */
const sqliteFeedStream = compiledPerShape((db, value: ValueOf<SqliteStreamValues>, shape) => {
  const [stream, page] = shape.split(', ') as [SqliteStream, string]
  const viewerId = value('viewerId')
  const bounds = { viewerId, now: value('now'), limit: value('limit'), cursor: cursorOf(value, page) }
  const notHidden = sql<SqlBool>`${sql.ref('memories.user_id')} not in ${idsOf(value('hidden'))}`
  const base = streamBase(db, bounds, notHidden)
  const notPrivate = base.where('memories.visibility', '!=', VISIBILITY.Private)
  switch (stream) {
    case 'own':
      return base.where('memories.user_id', '=', viewerId)
    case 'public':
      return base.where('memories.visibility', '=', VISIBILITY.Public)
    case 'friends':
      return friendsStreamBase(db, bounds, notHidden).where('memories.user_id', 'in', idsOf(value('ids') as string))
    case 'tagged':
      return notPrivate.where('memories.id', 'in', idsOf(value('ids') as string))
  }
})

/**
 * The feed is the union of four streams, each an index range scan in (created_at, id) order: the viewer's own
 * memories, public ones, their friends' memories that are not private, and those they are tagged in that are not private.
 * Each returns at most `limit` keys after the cursor, so their merged top `limit` is exactly the page. Authors the
 * viewer blocked, was blocked by or muted are left out of every stream (docs/security.md#blocking).
 *
 * On PostgreSQL the page's keys are one statement (`postgresFeedKeys`), since each statement is a round trip. On SQLite,
 * in the process, the viewer's lists are read first, then each stream that has something to read: written as one
 * statement with the streams' union, a page took SQLite as long as the separate statements (docs/benchmarks.md).
 */
export async function listFeedKeys(
  db: Kysely<Database>,
  viewerId: string,
  cursor: FeedKey | null,
  limit: number,
): Promise<FeedKey[]> {
  const now = nowIso()
  const paging = cursor ? { cursorCreatedAt: cursor.createdAt, cursorId: cursor.id } : {}
  if (isPostgres(db)) {
    return postgresFeedKeys(db, cursor ? 'after cursor' : 'first page', { viewerId, now, limit, ...paging })
  }
  const [lists] = await sqliteFeedViewer(db, { viewerId })
  const friends = lists?.friends ?? '[]'
  const tags = lists?.tags ?? '[]'
  const hidden = lists?.hidden ?? '[]'
  const page = cursor ? 'after cursor' : 'first page'
  const read = (stream: SqliteStream, ids?: string) =>
    sqliteFeedStream(db, `${stream}, ${page}`, { viewerId, now, limit, hidden, ...(ids ? { ids } : {}), ...paging })
  const streams = await Promise.all([
    read('own'),
    read('public'),
    friends === '[]' ? [] : read('friends', friends),
    tags === '[]' ? [] : read('tagged', tags),
  ])
  const merged = new Map<string, FeedKey>()
  for (const row of streams.flat()) merged.set(row.id, { createdAt: row.createdAt, id: row.id })
  return [...merged.values()].sort(byNewest).slice(0, limit)
}

interface PostgresFeedValues {
  viewerId: string
  now: string
  limit: number
  cursorCreatedAt?: string
  cursorId?: string
}

/**
 * The four streams and their merge as one statement, compiled once for a first page and once for the pages after a
 * cursor. Friends' memories are read friend by friend (LATERAL over the friendships, at most `limit` rows each): given
 * the friends as one list, PostgreSQL walks the newest-first index of everyone's memories and filters by author, which
 * grows with everyone's memories (at a million memories and 50 friends, 11.6 ms that way against 4.7 ms friend by
 * friend, docs/benchmarks.md). The authors left out are an array read once: as `not in (subquery)` the planner takes
 * half of every friend's memories for hidden, and sorts each friend's memories instead of reading the newest few.
 */
const postgresFeedKeys = compiledPerShape((db, value: ValueOf<PostgresFeedValues>, shape) => {
  const viewerId = value('viewerId')
  const limit = value('limit')
  const bounds = { viewerId, now: value('now'), limit, cursor: cursorOf(value, shape) }
  const notHidden = sql<SqlBool>`${sql.ref('memories.user_id')} <> all(array(${hiddenAuthorsOf(db, viewerId)}))`
  const base = streamBase(db, bounds, notHidden)
  const notPrivate = base.where('memories.visibility', '!=', VISIBILITY.Private)
  const friends = db
    .selectFrom('friendships')
    .innerJoinLateral(
      friendsStreamBase(db, bounds, notHidden)
        .where('memories.user_id', '=', sql.ref<string>('friendships.friend_id'))
        .as('friend_stream'),
      (join) => join.onTrue(),
    )
    .select(['friend_stream.createdAt', 'friend_stream.id'])
    .where('friendships.user_id', '=', viewerId)
    .orderBy('friend_stream.createdAt', 'desc')
    .orderBy('friend_stream.id', 'desc')
    .limit(limit)
  const tagged = notPrivate.where(
    'memories.id',
    'in',
    db.selectFrom('memory_tags').select('memory_tags.memory_id').where('memory_tags.user_id', '=', viewerId),
  )
  // Columns named, not `*`: only such statements are prepared (db/createDb.ts), and planning this one costs more than
  // running it.
  const streams = db
    .selectFrom(base.where('memories.user_id', '=', viewerId).as('own'))
    .select(['own.createdAt', 'own.id'])
    .union(
      db
        .selectFrom(base.where('memories.visibility', '=', VISIBILITY.Public).as('public'))
        .select(['public.createdAt', 'public.id']),
    )
    .union(db.selectFrom(friends.as('friends')).select(['friends.createdAt', 'friends.id']))
    .union(db.selectFrom(tagged.as('tagged')).select(['tagged.createdAt', 'tagged.id']))
  return db
    .selectFrom(streams.as('stream'))
    .select(['stream.createdAt', 'stream.id'])
    .orderBy('stream.createdAt', 'desc')
    .orderBy('stream.id', 'desc')
    .limit(limit)
})
