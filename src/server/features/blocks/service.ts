import type { Kysely, Transaction } from 'kysely'

import { BLOCK_REFUSALS, type ListedTraveller } from '@shared/blocks'

import { lockTravellerPair } from '../../db/blocks'
import type { Database } from '../../db/schema'
import { nowIso } from '../../lib/clock'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import { endFriendship } from '../friends/service'
import { removeTagsBetween } from '../memories/writing'
import { endTripsAcrossBlock } from '../trips/service'

import * as queries from './queries'

/**
 * Blocking and muting (docs/product.md#blocking). What a block hides is decided where each thing is read, through
 * db/blocks.ts; this feature keeps the lists and does what a block ends.
 */

/** An account erased while a block or a mute waits on it answers as for a traveller nobody has. */
const GONE = [{ when: 'foreignKey', refusal: new AppError('NotFound', BLOCK_REFUSALS.unknown) }] as const

async function findTarget(trx: Kysely<Database> | Transaction<Database>, travellerId: string) {
  const traveller = await queries.findTraveller(trx, travellerId)
  if (!traveller) throw new AppError('NotFound', BLOCK_REFUSALS.unknown)
  return traveller
}

/**
 * Blocks a traveller, silently: they are not told, and from then on neither sees the other (docs/security.md#blocking).
 * In the same transaction the friendship between them ends, neither stays tagged in the other's memories, and neither
 * keeps a place (travelling or invited) in a trip the other owns, their memories leaving it; their likes and comments
 * stay, hidden from each other, and come back into view on unblocking. Blocking twice is a no-op.
 */
export async function blockTraveller(trx: Transaction<Database>, userId: string, travellerId: string): Promise<null> {
  if (travellerId === userId) throw new AppError('RuleViolation', BLOCK_REFUSALS.oneself)
  const traveller = await findTarget(trx, travellerId)
  return refusing(async () => {
    // Taken before the block is written, as an add-friend of the pair does before it checks for one.
    await lockTravellerPair(trx, userId, traveller.id)
    await queries.insertBlock(trx, userId, traveller.id, nowIso())
    await endFriendship(trx, userId, traveller.id)
    await removeTagsBetween(trx, userId, traveller.id)
    await endTripsAcrossBlock(trx, userId, traveller.id)
    return null
  }, GONE)
}

/** Ends the user's block of a traveller; the friendship it ended stays ended. Unblocking one not blocked is a no-op. */
export async function unblockTraveller(trx: Transaction<Database>, userId: string, travellerId: string): Promise<null> {
  if ((await queries.deleteBlock(trx, userId, travellerId)) === 0) await findTarget(trx, travellerId)
  return null
}

/** Mutes a traveller: their memories leave the user's feed, and nothing else changes. Muting twice is a no-op. */
export async function muteTraveller(trx: Transaction<Database>, userId: string, travellerId: string): Promise<null> {
  if (travellerId === userId) throw new AppError('RuleViolation', BLOCK_REFUSALS.muteOneself)
  const traveller = await findTarget(trx, travellerId)
  return refusing(async () => {
    await queries.insertMute(trx, userId, traveller.id, nowIso())
    return null
  }, GONE)
}

export async function unmuteTraveller(trx: Transaction<Database>, userId: string, travellerId: string): Promise<null> {
  if ((await queries.deleteMute(trx, userId, travellerId)) === 0) await findTarget(trx, travellerId)
  return null
}

function listed(rows: Awaited<ReturnType<typeof queries.listBlocked>>): ListedTraveller[] {
  return rows.map((row) => ({ userId: row.id, username: row.username, avatarId: row.avatar_id, since: row.created_at }))
}

export async function getBlockedTravellers(db: Kysely<Database>, userId: string): Promise<ListedTraveller[]> {
  return listed(await queries.listBlocked(db, userId))
}

export async function getMutedTravellers(db: Kysely<Database>, userId: string): Promise<ListedTraveller[]> {
  return listed(await queries.listMuted(db, userId))
}
