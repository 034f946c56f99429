import { ECONOMY, type Rarity } from '@shared/constants'

import type { RandomInt } from '../../lib/random'

const BASIS_POINTS = 10_000
const RARITY_ORDER: readonly Rarity[] = [1, 2, 3, 4, 5]

/** One rarity by the published odds (ECONOMY.drawOddsBasisPoints). */
export function rollRarity(random: RandomInt): Rarity {
  let roll = random(BASIS_POINTS)
  for (const rarity of RARITY_ORDER) {
    roll -= ECONOMY.drawOddsBasisPoints[rarity]
    if (roll < 0) return rarity
  }
  return 1
}

export type DrawSlot = { kind: 'card'; rarity: Rarity } | { kind: 'certificate'; creditValue: number }

/**
 * The slots of one paid draw: a rarity per card, and with ECONOMY.certificateChanceBasisPoints per draw
 * a credit certificate in place of one card, so a draw never holds more than one certificate.
 */
export function rollDraw(size: number, random: RandomInt): DrawSlot[] {
  const slots: DrawSlot[] = Array.from({ length: size }, () => ({ kind: 'card', rarity: rollRarity(random) }))
  if (random(BASIS_POINTS) < ECONOMY.certificateChanceBasisPoints) {
    slots[random(size)] = { kind: 'certificate', creditValue: rollCertificateValue(random) }
  }
  return slots
}

function rollCertificateValue(random: RandomInt): number {
  let roll = random(BASIS_POINTS)
  for (const { creditValue, basisPoints } of ECONOMY.certificateValues) {
    roll -= basisPoints
    if (roll < 0) return creditValue
  }
  return ECONOMY.certificateValues[0].creditValue
}
