import type { Kysely, Transaction } from 'kysely'

import { levelForExperience } from '@shared/constants'
import { SEARCH_FRIENDS_LIMIT, type AddFriendResult, type Friend, type FriendMatch } from '@shared/friends'

import { hasBlocked, isBlockedEitherWay, lockTravellerPair } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import { notificationLinks, notify } from '../notifications/service'

import { befriend } from './friendships'
import {
  deleteFriendship,
  findFriendOf,
  findUserByFriendCode,
  findUsername,
  listFriends,
  listUserCardStats,
  searchFriendsByName,
} from './queries'

export function normalizeFriendCode(friendCode: string): string {
  return friendCode.trim().toUpperCase()
}

function unknownCode(code: string): AppError {
  return new AppError('NotFound', `No traveller has the friend code ${code}. Please check it and try again.`)
}

async function findByCode(trx: Transaction<Database>, friendCode: string) {
  const code = normalizeFriendCode(friendCode)
  const user = await findUserByFriendCode(trx, code)
  if (!user) throw unknownCode(code)
  return user
}

/**
 * Friends by code: never oneself, never twice; the friendship holds both ways and the other side is told. Never between
 * travellers who blocked each other: the blocker is told to unblock first, the blocked traveller gets the answer for a
 * code nobody has, so the block stays silent (docs/security.md#blocking).
 */
export async function addFriend(
  trx: Transaction<Database>,
  userId: string,
  friendCode: string,
): Promise<AddFriendResult> {
  const friend = await findByCode(trx, friendCode)
  if (friend.id === userId)
    throw new AppError('RuleViolation', 'That is your own friend code. Share it with a friend to connect.')
  await lockTravellerPair(trx, userId, friend.id)
  if (await hasBlocked(trx, userId, friend.id))
    throw new AppError(
      'RuleViolation',
      `You blocked ${friend.username}. Unblock them in My Account to add them as a friend.`,
    )
  if (await isBlockedEitherWay(trx, userId, friend.id)) throw unknownCode(normalizeFriendCode(friendCode))
  // An account erased while this waits on it answers like a code nobody has.
  return refusing(async () => {
    const added = await befriend(trx, userId, friend.id)
    if (!added) throw new AppError('Conflict', `${friend.username} is already your friend.`)
    const me = await findUsername(trx, userId)
    await notify(
      trx,
      friend.id,
      'New friend',
      `${me.username} added you as a friend.`,
      notificationLinks.friends,
      userId,
    )
    return { result: true, username: friend.username }
  }, [{ when: 'foreignKey', refusal: unknownCode(normalizeFriendCode(friendCode)) }])
}

/**
 * Ends the friendship both ways, without telling the other side. An unknown code and a stranger's code get one answer
 * that names nobody, so this call cannot tell real codes from made-up ones.
 */
export async function removeFriend(trx: Transaction<Database>, userId: string, friendCode: string): Promise<null> {
  const code = normalizeFriendCode(friendCode)
  const friend = await findUserByFriendCode(trx, code)
  const removed = friend ? await deleteFriendship(trx, userId, friend.id) : 0
  if (removed === 0) throw new AppError('NotFound', `None of your friends has the friend code ${code}.`)
  return null
}

export async function getMyFriends(db: Kysely<Database>, userId: string): Promise<Friend[]> {
  const rows = await listFriends(db, userId)
  const stats = await listUserCardStats(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    userId: row.id,
    username: row.username,
    avatarId: row.avatar_id,
    userLevel: levelForExperience(row.experience).userLevel,
    friendCode: row.friend_code,
    createdAt: row.created_at,
    userCardStats: stats.get(row.id) ?? { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] },
  }))
}

/** Case-insensitive "contains" among one's own friends, for tagging them in memories. */
export async function searchFriends(db: Kysely<Database>, userId: string, name: string): Promise<FriendMatch[]> {
  const text = name.trim()
  if (!text) return []
  const rows = await searchFriendsByName(db, userId, text, SEARCH_FRIENDS_LIMIT)
  return rows.map((row) => ({
    userId: row.id,
    username: row.username,
    avatarId: row.avatar_id,
    userLevel: levelForExperience(row.experience).userLevel,
  }))
}

/** The user's friend with this id, or undefined for anyone else (a stranger, themselves, an unknown id). */
export async function findFriend(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  friendId: string,
): Promise<{ id: string; username: string } | undefined> {
  return findFriendOf(db, userId, friendId)
}

/** Ends the friendship between the two both ways, if there is one, telling nobody. */
export async function endFriendship(trx: Transaction<Database>, userId: string, otherId: string): Promise<void> {
  await deleteFriendship(trx, userId, otherId)
}
