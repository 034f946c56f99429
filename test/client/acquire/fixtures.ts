import type { CardDrawResult, ExpGainResult, PricesResult } from '@shared/acquire'
import type { CardCollection, CollectionCard } from '@shared/catalogue'
import { ECONOMY } from '@shared/constants'

export const prices: PricesResult = { ...ECONOMY.prices }

export const expGain: ExpGainResult = {
  expGained: 25,
  expEnd: 105,
  expForCurrentLevel: 100,
  expToLevelUp: 200,
  userLevel: 2,
  levelUp: true,
}

export const collections: CardCollection[] = [
  {
    collectionId: 'europe',
    collectionGroup: 'continents',
    collectionName: 'Europe',
    collectionDescription: 'Countries of Europe',
    cardCount: 10,
    rarityStats: [],
  },
  {
    collectionId: 'asia',
    collectionGroup: 'continents',
    collectionName: 'Asia',
    collectionDescription: 'Countries of Asia',
    cardCount: 10,
    rarityStats: [],
  },
]

export function collectionCard(overrides: Partial<CollectionCard> = {}): CollectionCard {
  return {
    cardId: 'fr-1',
    cardSetId: 'fr',
    cardName: 'France',
    cardDescription: 'A country in western Europe.',
    cardRarity: 1,
    image: 'fr-1',
    collectionId: 'europe',
    collectionName: 'Europe',
    owned: 0,
    ...overrides,
  }
}

export function drawResult(overrides: Partial<CardDrawResult> = {}): CardDrawResult {
  return {
    shareId: 't1',
    cardList: [{ cardId: 'fr-4', cardName: 'France', cardRarity: 4, image: 'fr-4', userCardId: 'uc1', isNew: true }],
    certificate: null,
    highestRarity: 4,
    tenDraws: false,
    expGainResult: { ...expGain, expGained: 150, levelUp: false },
    ...overrides,
  }
}
