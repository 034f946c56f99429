import type { Transaction } from 'kysely'

import type { ExpGainResult } from '@shared/acquire'
import { ECONOMY, levelForExperience, type Rarity } from '@shared/constants'

import type { Database } from '../../db/schema'

import { addExperience } from './queries'

export function experienceFor(rarities: readonly Rarity[]): number {
  return rarities.reduce((sum, rarity) => sum + ECONOMY.experience[rarity], 0)
}

/**
 * Adds experience with one atomic increment, so concurrent acquisitions each count, and describes the level reached.
 * A draw's guarantee counter (`drawsSinceEpic`) is written by the same update.
 */
export async function gainExperience(
  trx: Transaction<Database>,
  userId: string,
  gained: number,
  drawsSinceEpic?: number,
): Promise<ExpGainResult> {
  return experienceGained(gained, await addExperience(trx, userId, gained, drawsSinceEpic))
}

/** The level reached with `gained` experience that brought the total to `expEnd`, and whether it is a new one. */
export function experienceGained(gained: number, expEnd: number): ExpGainResult {
  const before = levelForExperience(expEnd - gained)
  const after = levelForExperience(expEnd)
  return {
    expGained: gained,
    expEnd,
    expForCurrentLevel: after.expForCurrentLevel,
    expToLevelUp: after.expToLevelUp,
    userLevel: after.userLevel,
    levelUp: after.userLevel > before.userLevel,
  }
}
