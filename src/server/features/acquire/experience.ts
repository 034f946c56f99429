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
  const expEnd = await addExperience(trx, userId, gained, drawsSinceEpic)
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
