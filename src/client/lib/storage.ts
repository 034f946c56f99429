import type { TutorialName } from '@shared/constants'

/** Every key the app keeps in localStorage (docs/product.md#data-local-storage). */
export const STORAGE_KEYS = {
  authToken: 'wandercards.authToken',
  freeDrawCard: 'wandercards.freeDrawCard',
  referralCode: 'wandercards.referralCode',
  /** What a traveller wrote for their photo visits, until each is saved (features/memories/photos/visitTexts.ts). */
  visitTexts: 'wandercards.visitTexts',
} as const

export function tutorialKey(name: TutorialName): string {
  return `tutorial_${name}`
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working without it.
  }
}
