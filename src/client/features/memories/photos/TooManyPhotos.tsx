import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { useState } from 'react'

import { MEMORY_PICTURES_MAX } from '@shared/constants'
import type { ImportedPhoto, MemoryDraft } from '@shared/photoImport'

import { useRemoveImportedPhotoMutation } from '../api'

/**
 * The photos a memory keeps of a visit with more than it holds: spread evenly over the visit in the order taken, with
 * at least one taken in the place when there is one, so the visit stays verified.
 */
export function photosToKeep(photos: readonly ImportedPhoto[], cardSetId: string): Set<string> {
  if (photos.length <= MEMORY_PICTURES_MAX) return new Set(photos.map((photo) => photo.pictureFileName))
  const step = photos.length / MEMORY_PICTURES_MAX
  const kept = Array.from({ length: MEMORY_PICTURES_MAX }, (_, index) => photos[Math.floor(index * step)])
  const takenThere = (photo: ImportedPhoto | undefined) => photo?.place?.cardSetId === cardSetId
  const proof = photos.find(takenThere)
  if (proof && !kept.some(takenThere)) kept[kept.length - 1] = proof
  return new Set(kept.flatMap((photo) => (photo ? [photo.pictureFileName] : [])))
}

/** A visit of more photos than a memory holds: the refusal, and one click that keeps as many as it holds, spread over it. */
export function TooManyPhotos({ draft }: { draft: MemoryDraft }) {
  const [remove] = useRemoveImportedPhotoMutation()
  const [removing, setRemoving] = useState(false)
  const extra = draft.photos.length - MEMORY_PICTURES_MAX

  async function keepWhatFits() {
    const kept = photosToKeep(draft.photos, draft.place.cardSetId)
    setRemoving(true)
    try {
      // One by one, stopping at the first refusal (the shared toast says why); what went stays gone.
      for (const photo of draft.photos)
        if (!kept.has(photo.pictureFileName)) await remove(photo.pictureFileName).unwrap()
    } catch {
      // Already told; the visit shows the photos it still has.
    } finally {
      setRemoving(false)
    }
  }

  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" disabled={removing} onClick={() => void keepWhatFits()}>
          {removing ? 'Removing…' : `Keep ${MEMORY_PICTURES_MAX}, remove ${extra}`}
        </Button>
      }
    >
      {draft.blocked}
    </Alert>
  )
}
