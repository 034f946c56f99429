import { ECONOMY, type Rarity } from '@shared/constants'

import type { RandomInt } from '../../lib/random'

const BASIS_POINTS = 10_000
const RARITY_ORDER: readonly Rarity[] = [1, 2, 3, 4, 5]
const EPIC_OR_BETTER: readonly Rarity[] = [4, 5]

function rollAmong(rarities: readonly Rarity[], random: RandomInt): Rarity {
  const weight = rarities.reduce((sum, rarity) => sum + ECONOMY.drawOddsBasisPoints[rarity], 0)
  let roll = random(weight)
  for (const rarity of rarities) {
    roll -= ECONOMY.drawOddsBasisPoints[rarity]
    if (roll < 0) return rarity
  }
  return rarities[0] ?? 1
}

/** One rarity by the published odds (ECONOMY.drawOddsBasisPoints). */
export function rollRarity(random: RandomInt): Rarity {
  return rollAmong(RARITY_ORDER, random)
}

export function isEpicOrBetter(rarity: number): boolean {
  return rarity >= 4
}

export type DrawSlot =
  { kind: 'card'; rarity: Rarity; guaranteed: boolean } | { kind: 'certificate'; creditValue: number }

export interface RolledDraw {
  slots: DrawSlot[]
  /** The guarantee's counter after this draw. */
  drawsSinceEpic: number
}

/**
 * The slots of one paid draw: with ECONOMY.certificateChanceBasisPoints per draw a credit certificate takes one card's
 * place (so a draw never holds more than one), and every card gets a rarity by the published odds, except the card
 * that would be the ECONOMY.epicGuaranteeDraws-th in a row without an Epic or better: it is drawn among Epic and
 * Legendary by their own odds. Cards count in slot order, so the guarantee can fall on any card of a ten-draw; a
 * certificate is no card and leaves the counter as it is.
 */
export function rollDraw(size: number, random: RandomInt, drawsSinceEpic = 0): RolledDraw {
  const certificateAt = random(BASIS_POINTS) < ECONOMY.certificateChanceBasisPoints ? random(size) : -1
  let counter = drawsSinceEpic
  const slots = Array.from({ length: size }, (_, position): DrawSlot => {
    if (position === certificateAt) return { kind: 'certificate', creditValue: rollCertificateValue(random) }
    const guaranteed = counter >= ECONOMY.epicGuaranteeDraws - 1
    const rarity = guaranteed ? rollAmong(EPIC_OR_BETTER, random) : rollRarity(random)
    counter = isEpicOrBetter(rarity) ? 0 : counter + 1
    return { kind: 'card', rarity, guaranteed }
  })
  return { slots, drawsSinceEpic: counter }
}

function rollCertificateValue(random: RandomInt): number {
  let roll = random(BASIS_POINTS)
  for (const { creditValue, basisPoints } of ECONOMY.certificateValues) {
    roll -= basisPoints
    if (roll < 0) return creditValue
  }
  return ECONOMY.certificateValues[0].creditValue
}
