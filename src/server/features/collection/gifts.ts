import type { Kysely, Transaction } from 'kysely'

import type { GiftAllowance, GiftUserCardBody, GiftUserCardResult } from '@shared/collection'
import { GIFTS_PER_DAY, rarityName } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { lockTravellerPair } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { now } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import type { JobLog, PeriodicJob } from '../../lib/jobs'
import type { KeysetKey } from '../../lib/keysetCursor'
import { newId } from '../../lib/random'
import { giveCopy, lockOwnedCopiesOfCard } from '../copies/service'
import { findFriend } from '../friends/service'
import { notificationLinks, notify } from '../notifications/service'

import * as queries from './queries'

/**
 * Giving a duplicate copy to a friend (docs/product.md#gifts). The copy itself moves, keeping its card and rarity;
 * experience stays as it was on both sides (it is earned by acquiring with credit, and a gift neither costs nor buys
 * anything), while collection stats follow the copies.
 */

export const GIFT_ONLY_TO_FRIENDS = 'You can give cards only to your friends.'
export const GIFT_HAS_MEMORY = 'This card has a memory. Only a copy without a memory can be given.'
export const GIFT_SOUVENIR = 'A Souvenir copy cannot be given: it stays with the traveller whose visit earned it.'
export const giftLastCopy = (cardName: string) =>
  `This is your only copy of ${cardName}. You can give a copy only while you keep another.`
export const GIFT_DAILY_LIMIT = `You have given ${GIFTS_PER_DAY} cards today, the most a day allows. You can give again from midnight (UTC).`

function giftDay(instant: Date): { day: string; resetsAt: string } {
  const tomorrow = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() + 1))
  return { day: instant.toISOString().slice(0, 10), resetsAt: tomorrow.toISOString() }
}

export async function getGiftAllowance(db: Kysely<Database>, userId: string): Promise<GiftAllowance> {
  const { day, resetsAt } = giftDay(now())
  const given = await queries.findGiftsInDay(db, userId, day)
  return { dailyLimit: GIFTS_PER_DAY, giftsLeftToday: Math.max(0, GIFTS_PER_DAY - given), resetsAt }
}

/** Whether the viewer could give this copy now: theirs, without a memory, and not their last copy of the card. */
export async function isGiftable(
  db: Kysely<Database>,
  viewerId: string,
  copy: { ownerId: string; cardId: string; hasMemory: boolean },
): Promise<boolean> {
  if (copy.ownerId !== viewerId || copy.hasMemory) return false
  return (await queries.countOwnedCopiesOfCard(db, viewerId, copy.cardId)) > 1
}

/**
 * Moves the giver's copy to a friend in the caller's transaction, and tells the friend. In order: both account rows
 * (so a block of the two is either written before the friendship is read, or waits for the gift), the day's count
 * (whose row makes one giver's gifts wait for each other), then every copy of the card the giver has is taken
 * (so a concurrent recycle or new memory has either finished or waits), then the rules are read again as they are
 * now, and only then the copy moves — on the condition that it is still the giver's, so a copy moves once.
 */
export async function giftUserCard(
  trx: Transaction<Database>,
  giverId: string,
  body: GiftUserCardBody,
): Promise<GiftUserCardResult> {
  // A friend whose account is erased while the gift waits on it is no friend any more: the gift answers as for one.
  return refusing(
    () => giveToFriend(trx, giverId, body),
    [{ when: 'foreignKey', refusal: new AppError('RuleViolation', GIFT_ONLY_TO_FRIENDS) }],
  )
}

async function giveToFriend(
  trx: Transaction<Database>,
  giverId: string,
  body: GiftUserCardBody,
): Promise<GiftUserCardResult> {
  // Both account rows first, as a block of the pair takes them: a block written meanwhile has ended the friendship
  // before it is read here, so no gift lands after it (docs/security.md#blocking).
  await lockTravellerPair(trx, giverId, body.friendUserId)
  const friend = await findFriend(trx, giverId, body.friendUserId)
  if (!friend) throw new AppError('RuleViolation', GIFT_ONLY_TO_FRIENDS)
  const seen = await queries.findOwnedCopy(trx, giverId, body.userCardId)
  if (!seen) throw new AppError('NotFound', TEXTS.userCardNotFound)
  if (seen.memoryId) throw new AppError('Conflict', GIFT_HAS_MEMORY)
  if (seen.acquisition === 'souvenir') throw new AppError('RuleViolation', GIFT_SOUVENIR)

  const instant = now()
  const givenToday = await queries.countGiftInDay(trx, giverId, giftDay(instant).day, GIFTS_PER_DAY)
  if (givenToday === undefined) throw new AppError('RuleViolation', GIFT_DAILY_LIMIT)
  const copies = await lockOwnedCopiesOfCard(trx, giverId, seen.cardId)
  const copy = copies.includes(body.userCardId) ? await queries.findOwnedCopy(trx, giverId, body.userCardId) : undefined
  if (!copy) throw new AppError('NotFound', TEXTS.userCardNotFound)
  if (copy.memoryId) throw new AppError('Conflict', GIFT_HAS_MEMORY)
  const card = await queries.findCardOfCopy(trx, copy.id)
  if (copies.length < 2) throw new AppError('RuleViolation', giftLastCopy(card.cardName))

  const isNew = (await queries.countOwnedCopiesOfCard(trx, friend.id, copy.cardId)) === 0
  const giftId = newId()
  const givenAt = instant.toISOString()
  if (!(await giveCopy(trx, { userCardId: copy.id, fromUserId: giverId, toUserId: friend.id, giftId, givenAt })))
    throw new AppError('NotFound', TEXTS.userCardNotFound)
  await queries.insertCardGift(trx, {
    id: giftId,
    giver_id: giverId,
    receiver_id: friend.id,
    user_card_id: copy.id,
    card_id: copy.cardId,
    is_new: isNew ? 1 : 0,
    created_at: givenAt,
  })
  const giver = await queries.findUsername(trx, giverId)
  await notify(
    trx,
    friend.id,
    `A card from ${giver}`,
    `${giver} gave you their copy of ${card.cardName} (${rarityName(copy.rarity)}).`,
    notificationLinks.userCard(copy.id),
    giverId,
  )
  return {
    giftId,
    userCardId: copy.id,
    friendUsername: friend.username,
    giftsLeftToday: GIFTS_PER_DAY - givenToday,
  }
}

/** The user's gifts, sent and received, newest first after the cursor, for the draw history. */
export async function listGiftsForHistory(
  db: Kysely<Database>,
  userId: string,
  cursor: KeysetKey | null,
  limit: number,
) {
  return queries.listGiftsOfUser(db, userId, cursor, limit)
}

/** Every hour, on one instance, the gift counts of past days are deleted: only today's limits anything. */
export function giftDayPurgeJob(db: Kysely<Database>, log: JobLog): PeriodicJob {
  return {
    name: 'past-gift-day-purge',
    periodSeconds: 60 * 60,
    run: async () => {
      const purged = await queries.deleteGiftDaysBefore(db, now().toISOString().slice(0, 10))
      if (purged > 0) log.info({ purged }, 'past gift counts deleted')
    },
  }
}
