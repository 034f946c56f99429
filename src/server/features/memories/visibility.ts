import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import type { Database } from '../../db/schema'

/**
 * Who may see a memory, as one SQL condition used by every read: the author always; everyone logged in when Public;
 * the author's friends and the users tagged in it when Friends; nobody else when Private.
 */
export function visibleTo(viewerId: string) {
  return (eb: ExpressionBuilder<Database, 'memories'>): Expression<SqlBool> =>
    eb.or([
      eb('memories.user_id', '=', viewerId),
      eb('memories.visibility', '=', VISIBILITY.Public),
      eb.and([
        eb('memories.visibility', '=', VISIBILITY.Friends),
        eb.or([
          eb.exists(
            eb
              .selectFrom('friendships')
              .select('friendships.friend_id')
              .whereRef('friendships.user_id', '=', 'memories.user_id')
              .where('friendships.friend_id', '=', viewerId),
          ),
          eb.exists(
            eb
              .selectFrom('memory_tags')
              .select('memory_tags.user_id')
              .whereRef('memory_tags.memory_id', '=', 'memories.id')
              .where('memory_tags.user_id', '=', viewerId),
          ),
        ]),
      ]),
    ])
}
