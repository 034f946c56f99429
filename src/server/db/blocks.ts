import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely'

import type { Database } from './schema'
import { takesRowLocks } from './transactions'

/**
 * The block between two travellers as SQL every feature's reads and writes share (docs/security.md#blocking). A
 * block works both ways: neither traveller sees the other. It lives below the features because those that hide a
 * blocked traveller (memories, the feed, friends, notifications) sit beneath the one that blocks, which ends their
 * friendship through the friends feature.
 */

type Reader = Kysely<Database> | Transaction<Database>

/**
 * A condition for a query over a table with a traveller column (`memories.user_id`, `memory_comments.user_id` …): true
 * when that traveller and `viewerId` did not block each other either way.
 */
export function notBlockedWith(viewerId: string, otherColumn: string): Expression<SqlBool> {
  const other = sql.ref(otherColumn)
  return sql<SqlBool>`not exists (select 1 from blocks where (blocks.blocker_id = ${viewerId} and blocks.blocked_id = ${other}) or (blocks.blocked_id = ${viewerId} and blocks.blocker_id = ${other}))`
}

/** Whether the two travellers blocked each other either way. */
export async function isBlockedEitherWay(db: Reader, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  return row != null
}

/** Whether `blockerId` blocked `blockedId` (this direction only): the blocker may be told, the blocked never. */
export async function hasBlocked(db: Reader, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst()
  return row != null
}

/** Every traveller `viewerId` blocked or was blocked by: the authors whose rows a list leaves out. */
export async function listBlockedEitherWay(db: Reader, viewerId: string): Promise<string[]> {
  const [blocked, blockers] = await Promise.all([
    db.selectFrom('blocks').select('blocked_id as id').where('blocker_id', '=', viewerId).execute(),
    db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId).execute(),
  ])
  return [...new Set([...blocked, ...blockers].map((row) => row.id))]
}

/**
 * The travellers whose memories leave `viewerId`'s feed, as a query to read within another: those blocked either way
 * and those the viewer muted. `viewerId` may be a value that stands for it (db/compiledOnce.ts).
 */
export function hiddenAuthorsOf(db: Reader, viewerId: string) {
  return db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId))
    .union(db.selectFrom('mutes').select('muted_id as id').where('muter_id', '=', viewerId))
}

/**
 * Serialises a block and a friendship between the same two travellers on PostgreSQL: each takes both account rows
 * (`FOR NO KEY UPDATE`, in id order, so two such transactions never deadlock; foreign-key checks are not held up) before
 * it reads or writes, so an add-friend cannot read "no block" while a block of the pair is being written and then leave
 * a friendship beside it. SQLite runs one writer at a time already.
 */
export async function lockTravellerPair(trx: Transaction<Database>, a: string, b: string): Promise<void> {
  await lockTravellers(trx, [a, b])
}

/**
 * The same lock for a write that relies on a friendship with several travellers at once (tagging friends in a memory):
 * every account row, in id order, before the friendships are read. The first lock of its transaction, as the user's
 * row always is (docs/security.md#locks-on-credit-and-payments).
 */
export async function lockTravellers(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  if (!takesRowLocks(trx) || ids.length === 0) return
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute()
}
