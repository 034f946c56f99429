import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely'

import type { Database } from './schema'

/**
 * What moderation takes away from others (docs/product.md#reports-and-moderation), as SQL conditions every read of
 * memories and comments adds: a hidden item, and everything of a traveller while they are suspended, is shown to its
 * author only. They live here, below the features, because memories, the feed, share pages and the session all read
 * them and the moderation feature, which writes them, depends on those features.
 */

type Reader = Kysely<Database> | Transaction<Database>

function memoryAuthorSuspended(eb: ExpressionBuilder<Database, 'memories'>, at: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('suspensions')
      .select('suspensions.id')
      .whereRef('suspensions.user_id', '=', 'memories.user_id')
      .where('suspensions.lifted_at', 'is', null)
      .where('suspensions.starts_at', '<=', at)
      .where((s) => s.or([s('suspensions.ends_at', 'is', null), s('suspensions.ends_at', '>', at)])),
  )
}

function commentAuthorSuspended(eb: ExpressionBuilder<Database, 'memory_comments'>, at: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('suspensions')
      .select('suspensions.id')
      .whereRef('suspensions.user_id', '=', 'memory_comments.user_id')
      .where('suspensions.lifted_at', 'is', null)
      .where('suspensions.starts_at', '<=', at)
      .where((s) => s.or([s('suspensions.ends_at', 'is', null), s('suspensions.ends_at', '>', at)])),
  )
}

/** A memory `viewerId` is not kept from by moderation: their own, or one neither hidden nor by a suspended author. */
export function memoryNotModeratedFor(viewerId: string, at: string) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb.or([
      eb('memories.user_id', '=', viewerId),
      eb.and([eb('memories.hidden_at', 'is', null), eb.not(memoryAuthorSuspended(eb, at))]),
    ])
}

/**
 * The same, for a stream that never holds the viewer's own hidden memories (a friend's, read from the index of memories
 * others may see, memories_shared_feed_idx). The viewer's exception is kept for PostgreSQL's sake: beside it, the
 * author's suspension is checked row by row as the newest keys are read, where on its own it became a join of all the
 * author's memories against suspensions, read whole and sorted (docs/benchmarks.md, "A friend's newest keys from a
 * partial index").
 */
export function sharedMemoryNotModeratedFor(viewerId: string, at: string) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb.and([
      eb('memories.hidden_at', 'is', null),
      eb.or([eb('memories.user_id', '=', viewerId), eb.not(memoryAuthorSuspended(eb, at))]),
    ])
}

/** The same for a comment. */
export function commentNotModeratedFor(viewerId: string, at: string) {
  return (eb: ExpressionBuilder<Database, 'memory_comments'>): Expression<SqlBool> =>
    eb.or([
      eb('memory_comments.user_id', '=', viewerId),
      eb.and([eb('memory_comments.hidden_at', 'is', null), eb.not(commentAuthorSuspended(eb, at))]),
    ])
}

/** A memory shown to visitors (share pages): neither hidden nor by a suspended author. */
export function memoryShownToEveryone(at: string) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb.and([eb('memories.hidden_at', 'is', null), eb.not(memoryAuthorSuspended(eb, at))])
}

/** A traveller without a suspension in force at `at`: their public profile (share page) is shown. */
export function userNotSuspended(at: string) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('suspensions')
          .select('suspensions.id')
          .whereRef('suspensions.user_id', '=', 'users.id')
          .where('suspensions.lifted_at', 'is', null)
          .where('suspensions.starts_at', '<=', at)
          .where((s) => s.or([s('suspensions.ends_at', 'is', null), s('suspensions.ends_at', '>', at)])),
      ),
    )
}

/** The suspension of the traveller in force at `at`, the one that ends last (null `endsAt`: for good). */
export async function findSuspensionInForce(
  db: Reader,
  userId: string,
  at: string,
): Promise<{ startsAt: string; endsAt: string | null; reason: string } | undefined> {
  const rows = await db
    .selectFrom('suspensions')
    .select(['starts_at as startsAt', 'ends_at as endsAt', 'reason'])
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute()
  // The one that ends last: null (for good) first, then the latest end.
  return rows.sort((a, b) => (a.endsAt === null ? -1 : b.endsAt === null ? 1 : a.endsAt < b.endsAt ? 1 : -1))[0]
}
