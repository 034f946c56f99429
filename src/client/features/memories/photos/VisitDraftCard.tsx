import MoreVertIcon from '@mui/icons-material/MoreVert'
import PlaceIcon from '@mui/icons-material/Place'
import VerifiedIcon from '@mui/icons-material/Verified'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import {
  DEFAULT_VISIBILITY,
  MEMORY_CONTENT_MAX_LENGTH,
  MEMORY_PICTURES_MAX,
  rarityName,
  type Visibility,
} from '@shared/constants'
import type { TaggedFriend } from '@shared/memories'
import type { ImportedPhoto, MemoryDraft } from '@shared/photoImport'

import { VisibilitySelect } from '../../../components/VisibilitySelect'
import { formatDate } from '../../../lib/format'
import {
  useChangeDraftPlaceMutation,
  useDiscardMemoryDraftMutation,
  useMoveImportedPhotoMutation,
  useRemoveImportedPhotoMutation,
  useStartVisitFromPhotoMutation,
} from '../api'
import { TagFriendsInput } from '../components/TagFriendsInput'

import { PlaceSearchDialog } from './PlaceSearchDialog'
import { TooManyPhotos } from './TooManyPhotos'

export interface VisitText {
  memoryContent: string
  taggedFriends: TaggedFriend[]
  visibility: Visibility
}

export const EMPTY_VISIT_TEXT: VisitText = { memoryContent: '', taggedFriends: [], visibility: DEFAULT_VISIBILITY }

export function visitDates(draft: Pick<MemoryDraft, 'startDate' | 'endDate'>): string {
  if (!draft.startDate || !draft.endDate) return 'Dates unknown'
  return draft.startDate === draft.endDate
    ? formatDate(draft.startDate)
    : `${formatDate(draft.startDate)} – ${formatDate(draft.endDate)}`
}

function planText(draft: MemoryDraft): string | null {
  if (draft.copy) return `Goes on your ${rarityName(draft.copy.cardRarity)} card of ${draft.place.name}.`
  if (draft.souvenir) return `Earns a Souvenir card of ${draft.place.name} to hold the memory.`
  return null
}

export interface PhotoTileProps {
  photo: ImportedPhoto
  /** The visits it can move to. */
  moveTargets: { draftId: string; label: string }[]
}

/** A photo with its menu: move it to another visit, or drop it. */
export function PhotoTile({ photo, moveTargets }: PhotoTileProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [choosingPlace, setChoosingPlace] = useState(false)
  const [move] = useMoveImportedPhotoMutation()
  const [remove] = useRemoveImportedPhotoMutation()
  const [startVisit] = useStartVisitFromPhotoMutation()
  const thumbnail = photo.variants[0]?.url ?? photo.url
  const label = photo.takenOn ? `Photo taken ${formatDate(photo.takenOn)}` : 'Photo without a date'
  return (
    <Box sx={{ position: 'relative', width: 104, height: 104, flex: '0 0 auto' }}>
      <Box
        component="img"
        src={thumbnail}
        alt={label}
        loading="lazy"
        sx={{ width: 1, height: 1, objectFit: 'cover', borderRadius: 2, display: 'block' }}
      />
      <IconButton
        size="small"
        aria-label={`Options for ${label.toLowerCase()}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          bgcolor: 'rgba(0,0,0,0.55)',
          color: '#fff',
          '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {moveTargets.map((target) => (
          <MenuItem
            key={target.draftId}
            onClick={() => {
              setAnchor(null)
              void move({ pictureFileName: photo.pictureFileName, draftId: target.draftId })
            }}
          >
            Move to {target.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null)
            setChoosingPlace(true)
          }}
        >
          {photo.draftId ? 'Move to a new visit of another place…' : 'Choose its place…'}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null)
            void remove(photo.pictureFileName)
          }}
        >
          Remove this photo
        </MenuItem>
      </Menu>
      <PlaceSearchDialog
        title="Where was this photo taken?"
        open={choosingPlace}
        onClose={() => setChoosingPlace(false)}
        onChoose={(cardSetId) => startVisit({ pictureFileName: photo.pictureFileName, cardSetId }).unwrap()}
      />
    </Box>
  )
}

export interface VisitDraftCardProps {
  draft: MemoryDraft
  text: VisitText
  onTextChange: (text: VisitText) => void
  moveTargets: { draftId: string; label: string }[]
  saving: boolean
  onSave: () => void
}

/** One visit found in the photos: its place, dates and photos, what saving does, and the traveller's words. */
export function VisitDraftCard({ draft, text, onTextChange, moveTargets, saving, onSave }: VisitDraftCardProps) {
  const [changingPlace, setChangingPlace] = useState(false)
  const [changePlace] = useChangeDraftPlaceMutation()
  const [discard, { isLoading: discarding }] = useDiscardMemoryDraftMutation()
  const plan = planText(draft)
  const headingId = `visit-${draft.draftId}`
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Box>
            <Typography variant="h5" component="h2" id={headingId}>
              {draft.place.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {visitDates(draft)} · {draft.place.collectionName}
            </Typography>
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {draft.photosTakenThere > 0 && (
              <Chip
                icon={<VerifiedIcon />}
                color="success"
                variant="outlined"
                label={`Verified by ${draft.photosTakenThere === 1 ? 'a photo' : `${draft.photosTakenThere} photos`}`}
              />
            )}
            <Button size="small" startIcon={<PlaceIcon />} onClick={() => setChangingPlace(true)}>
              Change place
            </Button>
          </Stack>
        </Stack>
        <Box
          sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1 }}
          aria-label={`Photos of ${draft.place.name}`}
          role="list"
        >
          {draft.photos.map((photo) => (
            <Box role="listitem" key={photo.pictureFileName}>
              <PhotoTile photo={photo} moveTargets={moveTargets} />
            </Box>
          ))}
        </Box>
        {plan && <Typography variant="body2">{plan}</Typography>}
        {draft.photos.length > MEMORY_PICTURES_MAX ? (
          <TooManyPhotos draft={draft} />
        ) : (
          draft.blocked && <Alert severity="warning">{draft.blocked}</Alert>
        )}
        <TextField
          label="Your story"
          multiline
          minRows={2}
          value={text.memoryContent}
          onChange={(event) => onTextChange({ ...text, memoryContent: event.target.value })}
          slotProps={{ htmlInput: { maxLength: MEMORY_CONTENT_MAX_LENGTH } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box sx={{ flex: 1 }}>
            <TagFriendsInput
              value={text.taggedFriends}
              onChange={(taggedFriends) => onTextChange({ ...text, taggedFriends })}
            />
          </Box>
          <VisibilitySelect value={text.visibility} onChange={(visibility) => onTextChange({ ...text, visibility })} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" disabled={discarding || saving} onClick={() => void discard(draft.draftId)}>
            Discard
          </Button>
          <Button
            variant="contained"
            disabled={draft.blocked !== null || saving}
            onClick={onSave}
            aria-label={`${saving ? 'Saving' : 'Save memory'} of ${draft.place.name}`}
          >
            {saving ? 'Saving' : 'Save memory'}
          </Button>
        </Stack>
      </Stack>
      <PlaceSearchDialog
        title="Change the place"
        open={changingPlace}
        onClose={() => setChangingPlace(false)}
        onChoose={(cardSetId) => changePlace({ draftId: draft.draftId, cardSetId }).unwrap()}
      />
    </Paper>
  )
}
