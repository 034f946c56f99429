import type { Kysely } from 'kysely'

import type { Database } from '../../db/schema'

import { selectMemoriesWithCards } from './queries'

/** The SQL of onThisDay.ts. */

/**
 * The author's dated memories that began before `before` (a YYYY-MM-DD day, exclusive), not hidden by an operator,
 * with their place's name: the candidates whose days onThisDay.ts compares with today's.
 */
export function listDatedMemoriesBefore(db: Kysely<Database>, userId: string, before: string) {
  return selectMemoriesWithCards(db)
    .select([
      'memories.id',
      'memories.start_date as startDate',
      'memories.end_date as endDate',
      'card_sets.name as place',
    ])
    .where('memories.user_id', '=', userId)
    .where('memories.hidden_at', 'is', null)
    .where('memories.start_date', 'is not', null)
    .where('memories.start_date', '<', before)
    .$narrowType<{ startDate: string }>()
    .execute()
}
