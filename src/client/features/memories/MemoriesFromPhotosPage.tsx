import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { PHOTO_IMPORT_TEXTS, type MemoryDraft, type UnplacedPhoto } from '@shared/photoImport'

import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { useCurrentUser } from '../session/api'

import { useGetPhotoImportQuery, useMoveImportedPhotoMutation, useSaveMemoryDraftMutation } from './api'
import { PhotoDropZone } from './photos/PhotoDropZone'
import { UploadList } from './photos/UploadList'
import { usePhotoUploads, useVisitsFollowUploads } from './photos/usePhotoUploads'
import { EMPTY_VISIT_TEXT, PhotoTile, visitDates, VisitDraftCard } from './photos/VisitDraftCard'
import { useVisitTexts } from './photos/visitTexts'

interface SavedVisit {
  memoryId: string
  placeName: string
  souvenir: boolean
}

function targetsOf(drafts: readonly MemoryDraft[], except?: string) {
  return drafts
    .filter((draft) => draft.draftId !== except)
    .map((draft) => ({ draftId: draft.draftId, label: `${draft.place.name}, ${visitDates(draft)}` }))
}

function UnplacedPhotos({ photos, drafts }: { photos: UnplacedPhoto[]; drafts: MemoryDraft[] }) {
  const [move] = useMoveImportedPhotoMutation()
  return (
    <Paper component="section" aria-labelledby="unplaced-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id="unplaced-title">
        Photos to place
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        These photos do not say where or when they were taken. Add each to a visit, or remove it.
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {photos.map((photo) => {
          const suggested = drafts.find((draft) => draft.draftId === photo.suggestedDraftId)
          return (
            <Stack key={photo.pictureFileName} spacing={1} sx={{ width: 104 }}>
              <PhotoTile photo={photo} moveTargets={targetsOf(drafts)} />
              <Typography variant="caption" color="text.secondary">
                {photo.takenOn ? formatDate(photo.takenOn) : 'No date'}
                {photo.place ? ` · ${photo.place.name}` : ''}
              </Typography>
              {suggested && (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => void move({ pictureFileName: photo.pictureFileName, draftId: suggested.draftId })}
                >
                  Add to {suggested.place.name}
                </Button>
              )}
            </Stack>
          )
        })}
      </Stack>
    </Paper>
  )
}

/**
 * /memoriesFromPhotos: drop a trip's photos; each visit found (one place, consecutive days) is drafted as a memory with
 * its dates and pictures, on the traveller's rarest free card of the place or on a Souvenir card the visit earns
 * (docs/product.md#memories-from-photos). `renderTripAction` offers to group the memories just saved into a trip
 * (app/ composes it from the trips feature).
 */
export function MemoriesFromPhotosPage({
  renderTripAction,
}: {
  renderTripAction?: (memoryIds: string[]) => ReactNode
}) {
  usePageTitle(PHOTO_IMPORT_TEXTS.entry)
  const { uploads, add, cancel, cancelAll, retry, clearFinished } = usePhotoUploads()
  const { data, isLoading, isError, isFetching, refetch } = useGetPhotoImportQuery()
  useVisitsFollowUploads(uploads, refetch)
  const [saveDraft] = useSaveMemoryDraftMutation()
  const { data: me } = useCurrentUser()
  const { texts, setText } = useVisitTexts(
    me?.userId,
    isFetching ? undefined : data?.drafts.map((draft) => draft.draftId),
  )
  const [saving, setSaving] = useState<Set<string>>(new Set())
  const [saved, setSaved] = useState<SavedVisit[]>([])
  const drafts = data?.drafts ?? []
  const savable = drafts.filter((draft) => draft.blocked === null)

  async function save(draft: MemoryDraft): Promise<boolean> {
    const text = texts[draft.draftId] ?? EMPTY_VISIT_TEXT
    setSaving((current) => new Set(current).add(draft.draftId))
    try {
      const result = await saveDraft({
        draftId: draft.draftId,
        memoryContent: text.memoryContent,
        taggedFriends: text.taggedFriends.map((friend) => friend.userId),
        visibility: text.visibility,
      }).unwrap()
      setSaved((current) => [
        ...current,
        { memoryId: result.memoryId, placeName: draft.place.name, souvenir: result.souvenir },
      ])
      return true
    } catch {
      // The shared toast says why (the cap reached meanwhile, the visit saved in another tab).
      return false
    } finally {
      setSaving((current) => {
        const next = new Set(current)
        next.delete(draft.draftId)
        return next
      })
    }
  }

  async function saveAll() {
    // One after the other: souvenirs count against the day's cap in the order the visits are listed.
    let count = 0
    for (const draft of savable) if (await save(draft)) count += 1
    if (count > 0) enqueueSnackbar(`${count === 1 ? 'One memory' : `${count} memories`} saved.`, { variant: 'success' })
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 900, mx: 'auto' }}>
      <Box>
        <Typography variant="h3" component="h1">
          {PHOTO_IMPORT_TEXTS.entry}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Wandercards reads where and when each photo was taken, groups them into visits, and drafts a memory for each.
          A photo&apos;s location is used to find its place and then removed; nobody else ever sees it.
        </Typography>
      </Box>
      <PhotoDropZone onFiles={add} />
      {uploads.length > 0 && (
        <UploadList
          uploads={uploads}
          onCancel={cancel}
          onCancelAll={cancelAll}
          onRetry={retry}
          onClear={clearFinished}
        />
      )}
      <Alert severity="info">{PHOTO_IMPORT_TEXTS.souvenirRule}</Alert>
      {saved.length > 0 && (
        <Alert severity="success" role="status">
          <Stack spacing={0.5}>
            {saved.map((visit) => (
              <span key={visit.memoryId}>
                Memory of {visit.placeName} saved{visit.souvenir ? ' on a new Souvenir card' : ''}.{' '}
                <Link component={RouterLink} to={paths.viewMemory.href(visit.memoryId)} underline="always">
                  View it
                </Link>
              </span>
            ))}
            {saved.length > 1 && renderTripAction?.(saved.map((visit) => visit.memoryId))}
          </Stack>
        </Alert>
      )}
      {isLoading ? (
        <ListSkeleton label="Loading your visits" count={2} height={260} />
      ) : isError && !data ? (
        <LoadFailed message="Your visits could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          {drafts.length > 0 && (
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="h5" component="p">
                {drafts.length === 1 ? 'One visit' : `${drafts.length} visits`} found
              </Typography>
              {savable.length > 1 && (
                <Button variant="contained" color="secondary" onClick={() => void saveAll()} disabled={saving.size > 0}>
                  Save all {savable.length}
                </Button>
              )}
            </Stack>
          )}
          {drafts.map((draft) => (
            <VisitDraftCard
              key={draft.draftId}
              draft={draft}
              text={texts[draft.draftId] ?? EMPTY_VISIT_TEXT}
              onTextChange={(text) => setText(draft.draftId, text)}
              moveTargets={targetsOf(drafts, draft.draftId)}
              saving={saving.has(draft.draftId)}
              onSave={() => void save(draft)}
            />
          ))}
          {data && data.unplaced.length > 0 && <UnplacedPhotos photos={data.unplaced} drafts={drafts} />}
          {drafts.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {PHOTO_IMPORT_TEXTS.draftsKept}
            </Typography>
          )}
        </>
      )}
    </Stack>
  )
}
