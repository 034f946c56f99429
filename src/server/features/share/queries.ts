import type { Kysely } from 'kysely'

import { VISIBILITY } from '@shared/constants'

import { memoryShownToEveryone, userNotSuspended } from '../../db/moderationFilters'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'

/** Only the columns a public profile may show: never the e-mail, credit or invitation data. */
export async function findPublicProfile(db: Kysely<Database>, friendCode: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'avatar_id', 'experience', 'friend_code', 'created_at'])
    .where('friend_code', '=', friendCode)
    .where(userNotSuspended(nowIso()))
    .executeTakeFirst()
}

export async function countPublicMemories(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('visibility', '=', VISIBILITY.Public)
    .where(memoryShownToEveryone(nowIso()))
    .executeTakeFirst()
  return row?.count ?? 0
}

/** The user's rarest distinct cards, for the profile's showcase. */
export async function listShowcaseCards(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('user_cards')
    .innerJoin('cards', 'cards.id', 'user_cards.card_id')
    .innerJoin('card_sets', 'card_sets.id', 'cards.card_set_id')
    .select(['cards.id', 'cards.rarity', 'card_sets.name'])
    .distinct()
    .where('user_cards.user_id', '=', userId)
    .orderBy('cards.rarity', 'desc')
    .orderBy('card_sets.name')
    .limit(limit)
    .execute()
}
