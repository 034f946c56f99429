import type { ExpGainResult } from '@shared/acquire'
import { ECONOMY, levelForExperience, type Rarity } from '@shared/constants'

export function experienceFor(rarities: readonly Rarity[]): number {
  return rarities.reduce((sum, rarity) => sum + ECONOMY.experience[rarity], 0)
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
