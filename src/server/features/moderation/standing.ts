import type { Kysely } from 'kysely'

import type { TravellerStanding } from '@shared/moderation'

import { findSuspensionInForce } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'

import * as queries from './queries'

/**
 * A traveller's standing with moderation at `at` (docs/product.md#console): the suspension in force, the one that
 * ends last, and their warnings with the newest one's reason.
 */
export async function standingOf(db: Kysely<Database>, userId: string, at: string): Promise<TravellerStanding> {
  const [suspension, warningCount, newestWarning] = await Promise.all([
    findSuspensionInForce(db, userId, at),
    queries.countWarnings(db, userId),
    queries.findNewestWarning(db, userId),
  ])
  return {
    suspension: suspension
      ? { startsAt: suspension.startsAt, endsAt: suspension.endsAt, reason: suspension.reason }
      : null,
    warnings: {
      count: warningCount,
      newest: newestWarning ? { reason: newestWarning.reason, createdAt: newestWarning.createdAt } : null,
    },
  }
}
