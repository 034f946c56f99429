import type { Kysely } from 'kysely'

import { levelForExperience } from '@shared/constants'
import { FRIEND_PAGE_MEMORIES, type FriendPage } from '@shared/friends'

import type { Database } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { PictureSigner } from '../../lib/pictureSigner'
import type { Catalogue } from '../catalogue/catalogueCache'
import { getMemoriesOfAuthor } from '../memories/readModel'
import { placesBeenByBoth, progressOf } from '../travel/service'
import { getTravelledTrips } from '../trips/reading'

import { findFriendProfile, listUserCardStats } from './queries'

/**
 * One answer for a stranger, oneself and an unknown id, naming nobody: the page cannot tell whether an id is a
 * traveller's.
 */
export const NOT_A_FRIEND = 'This traveller is not on your friend list. Add them with their friend code first.'

/**
 * A friend's page: the figures their profile share page shows anyone, the memories and trips the viewer may see (never
 * a Private memory) and the places both have been to. Only friends may open it; a friend's been-there is theirs to see already.
 */
export async function getFriendPage(
  db: Kysely<Database>,
  catalogue: Catalogue,
  signer: PictureSigner,
  viewerId: string,
  friendId: string,
): Promise<FriendPage> {
  const row = await findFriendProfile(db, viewerId, friendId)
  if (!row) throw new AppError('NotFound', NOT_A_FRIEND)
  const [stats, progress, sharedPlaces, memories, trips] = await Promise.all([
    listUserCardStats(db, [row.id]),
    progressOf(db, catalogue, row.id),
    placesBeenByBoth(db, catalogue, viewerId, row.id),
    getMemoriesOfAuthor(db, signer, viewerId, row.id, FRIEND_PAGE_MEMORIES),
    getTravelledTrips(db, viewerId, row.id),
  ])
  return {
    friend: {
      userId: row.id,
      username: row.username,
      avatarId: row.avatar_id,
      userLevel: levelForExperience(row.experience).userLevel,
      friendCode: row.friend_code,
      createdAt: row.created_at,
      userCardStats: stats.get(row.id) ?? { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] },
    },
    memberSince: row.member_since,
    travel: progress.total,
    sharedPlaces,
    memories: memories.memories,
    memoryCount: memories.total,
    trips,
  }
}
