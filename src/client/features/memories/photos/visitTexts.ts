import { useCallback, useEffect, useMemo, useState } from 'react'

import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage'

import type { VisitText } from './VisitDraftCard'

type VisitTexts = Record<string, VisitText>

interface StoredVisitTexts {
  userId: string
  texts: VisitTexts
}

function isVisitText(value: unknown): value is VisitText {
  if (typeof value !== 'object' || value === null) return false
  const text = value as Partial<VisitText>
  return (
    typeof text.memoryContent === 'string' && Array.isArray(text.taggedFriends) && typeof text.visibility === 'number'
  )
}

/** The stored words of `userId`'s visits; another traveller's, or anything unreadable, is none. */
function readVisitTexts(userId: string | undefined): VisitTexts {
  if (!userId) return {}
  try {
    const stored = JSON.parse(readStorage(STORAGE_KEYS.visitTexts) ?? 'null') as Partial<StoredVisitTexts> | null
    if (stored?.userId !== userId || typeof stored.texts !== 'object') return {}
    return Object.fromEntries(Object.entries(stored.texts).filter(([, text]) => isVisitText(text)))
  } catch {
    return {}
  }
}

function writeVisitTexts(userId: string, texts: VisitTexts): void {
  writeStorage(STORAGE_KEYS.visitTexts, JSON.stringify({ userId, texts } satisfies StoredVisitTexts))
}

/**
 * What the traveller wrote for each visit (story, tagged friends, visibility), kept on this device until the visit is
 * saved, discarded or merged into another, so a reload or a closed tab loses nothing while the visits themselves wait
 * on the server for 30 days. Words typed before the traveller's account has loaded are kept once it has. Logging out
 * clears them (session listeners).
 */
export function useVisitTexts(userId: string | undefined, draftIds: readonly string[] | undefined) {
  const [typed, setTyped] = useState<VisitTexts>({})
  const texts = useMemo(() => ({ ...readVisitTexts(userId), ...typed }), [userId, typed])

  const draftIdsKey = draftIds?.join(' ')
  useEffect(() => {
    if (!userId) return
    const merged = Object.entries({ ...readVisitTexts(userId), ...typed })
    // Visits saved, discarded or merged away take their words with them.
    const kept = draftIdsKey === undefined ? null : new Set(draftIdsKey.split(' '))
    writeVisitTexts(userId, Object.fromEntries(kept ? merged.filter(([draftId]) => kept.has(draftId)) : merged))
  }, [userId, typed, draftIdsKey])

  const setText = useCallback(
    (draftId: string, text: VisitText) => setTyped((current) => ({ ...current, [draftId]: text })),
    [],
  )
  return { texts, setText }
}
