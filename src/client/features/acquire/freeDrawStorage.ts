import type { FreeDrawnCard } from '@shared/acquire'

import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage'

/**
 * The last free-draw card is kept as JSON (docs/product.md#data-local-storage), so a returning visitor sees it again
 * and can still claim it.
 */
export function readStoredFreeDraw(): FreeDrawnCard | null {
  const stored = readStorage(STORAGE_KEYS.freeDrawCard)
  if (!stored) return null
  try {
    const card = JSON.parse(stored) as Partial<FreeDrawnCard>
    if (
      typeof card.transactionId !== 'string' ||
      typeof card.image !== 'string' ||
      typeof card.cardName !== 'string' ||
      typeof card.cardRarity !== 'number'
    )
      return null
    return card as FreeDrawnCard
  } catch {
    return null
  }
}

export function storeFreeDraw(card: FreeDrawnCard): void {
  writeStorage(STORAGE_KEYS.freeDrawCard, JSON.stringify(card))
}
