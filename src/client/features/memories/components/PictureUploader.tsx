import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate'
import DeleteIcon from '@mui/icons-material/Delete'
import LocationOnIcon from '@mui/icons-material/LocationOn'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'

import { MEMORY_PICTURE_MAX_BYTES, MEMORY_PICTURES_MAX } from '@shared/constants'
import type { MemoryPicture } from '@shared/memories'
import type { VisitCheck } from '@shared/travel'
import { TileGrid, tileImageSizes } from '@client/components/TileGrid'

import { PictureTile } from '../../../components/MemoryPictures'
import { useUploadMemoryPictureMutation } from '../api'

const UPLOAD_TILE_WIDTH = 120

/**
 * png, jpeg or jpg (docs/product.md#validation-pictures). The server checks the content too; this only spares a useless
 * upload.
 */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg']
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g)$/i
export const PICTURE_TYPE_ERROR = 'Please choose a PNG or JPEG picture.'
/** Said beside Add Picture (docs/product.md#verified-visits). */
export const PHOTO_LOCATION_NOTICE = "Your photo's location is used once to verify your visit and then removed."
export const PICTURE_SIZE_ERROR = `A picture can be at most ${MEMORY_PICTURE_MAX_BYTES / (1024 * 1024)} MB.`

export interface PictureUploaderProps {
  /** The memory's copy: a picture's location is checked against its place (docs/product.md#verified-visits). */
  userCardId?: string
  pictures: MemoryPicture[]
  onChange: (pictures: MemoryPicture[]) => void
  /** Told while an upload runs, so the form waits for it. */
  onUploadingChange?: (uploading: boolean) => void
}

/** One picture at a time, uploaded as soon as it is chosen, with its progress; each can be removed. */
export function PictureUploader({ userCardId, pictures, onChange, onUploadingChange }: PictureUploaderProps) {
  const [uploadMemoryPicture] = useUploadMemoryPictureMutation()
  const [visitCheck, setVisitCheck] = useState<VisitCheck | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const full = pictures.length >= MEMORY_PICTURES_MAX
  const fileInput = useRef<HTMLInputElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  // Disabled while a picture uploads, Add Picture drops the focus; it takes it back once it can be used again.
  const refocusAdd = useRef(false)
  useEffect(() => {
    if (progress !== null || !refocusAdd.current) return
    refocusAdd.current = false
    addButton.current?.focus()
  }, [progress])

  async function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // Choosing the same file again after removing it must fire a change.
    event.target.value = ''
    if (!file) return
    if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) {
      setProblem(PICTURE_TYPE_ERROR)
      return
    }
    if (file.size > MEMORY_PICTURE_MAX_BYTES) {
      setProblem(PICTURE_SIZE_ERROR)
      return
    }
    setProblem(null)
    refocusAdd.current = document.activeElement === addButton.current
    setProgress(0)
    onUploadingChange?.(true)
    try {
      const { visitCheck: check, ...picture } = await uploadMemoryPicture({
        file,
        userCardId,
        onProgress: setProgress,
      }).unwrap()
      setVisitCheck(check.verdict === 'notChecked' ? null : check)
      onChange([...pictures, picture])
    } catch {
      // The failure is already shown as a toast.
    } finally {
      setProgress(null)
      onUploadingChange?.(false)
    }
  }

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        Pictures
      </Typography>
      {pictures.length > 0 && (
        <TileGrid minTileWidth={UPLOAD_TILE_WIDTH}>
          {pictures.map((picture, index) => (
            <Box component="li" key={picture.pictureFileName} sx={{ position: 'relative' }}>
              <PictureTile picture={picture} alt={`Picture ${index + 1}`} sizes={tileImageSizes(UPLOAD_TILE_WIDTH)} />
              <IconButton
                aria-label={`Remove picture ${index + 1}`}
                size="small"
                onClick={() => onChange(pictures.filter((other) => other.pictureFileName !== picture.pictureFileName))}
                sx={{
                  position: 'absolute',
                  top: 4,
                  right: 4,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </TileGrid>
      )}
      {progress !== null && (
        <Box>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Uploading picture" />
          <Typography variant="caption" color="text.secondary">
            Uploading… {Math.round(progress * 100)}%
          </Typography>
        </Box>
      )}
      {problem && <Alert severity="warning">{problem}</Alert>}
      {visitCheck && <VisitCheckNote check={visitCheck} />}
      <Box>
        {/* A real button opens the file chooser, so Enter and Space work and the input is no tab stop of its own. */}
        <Button
          ref={addButton}
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={progress !== null || full}
          onClick={() => fileInput.current?.click()}
        >
          Add Picture
        </Button>
        <input
          ref={fileInput}
          hidden
          tabIndex={-1}
          type="file"
          aria-label="Add Picture"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          onChange={handleChoose}
          disabled={progress !== null || full}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          PNG or JPEG, one at a time, up to {MEMORY_PICTURES_MAX} pictures.
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 0.5, mt: 0.5 }}>
          <LocationOnIcon fontSize="inherit" aria-hidden sx={{ mt: '2px' }} />
          {PHOTO_LOCATION_NOTICE}
          {userCardId ? '' : ` ${CHOOSE_CARD_FIRST}`}
        </Typography>
      </Box>
    </Stack>
  )
}

const CHOOSE_CARD_FIRST = 'Choose the card first, and a photo taken there verifies your visit.'

/** What the upload's location check found, in the words of docs/product.md#verified-visits. */
export function visitCheckMessage(check: VisitCheck): { severity: 'success' | 'info'; text: string } {
  const place = check.placeName ?? 'this place'
  switch (check.verdict) {
    case 'inside':
      return { severity: 'success', text: `Taken in ${place}: saving this memory verifies your visit.` }
    case 'outside':
      return { severity: 'info', text: `This photo was not taken in ${place}, so it does not verify your visit.` }
    case 'noLocation':
      return { severity: 'info', text: 'This photo has no location, so it cannot verify your visit.' }
    case 'futureDate':
      return {
        severity: 'info',
        text: 'This photo is dated in the future, so its location cannot verify your visit.',
      }
    case 'notChecked':
      return { severity: 'info', text: CHOOSE_CARD_FIRST }
  }
}

function VisitCheckNote({ check }: { check: VisitCheck }) {
  const { severity, text } = visitCheckMessage(check)
  return (
    <Alert severity={severity} role="status">
      {text}
    </Alert>
  )
}
