import type { Kysely } from 'kysely'

import type { UserCard } from '@shared/collection'

import type { Database } from '../../db/schema'
import { pictureSignerOf } from '../memories/pictures'
import { getMemoryOfUserCard } from '../memories/service'

/** The memory of a copy as `viewerId` may see it, or null when there is none they may see. */
export async function loadUserCardMemory(
  db: Kysely<Database>,
  viewerId: string,
  userCardId: string,
): Promise<UserCard['memory']> {
  return getMemoryOfUserCard(db, pictureSignerOf(db), viewerId, userCardId)
}
