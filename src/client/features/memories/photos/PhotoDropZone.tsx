import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useRef, useState, type DragEvent } from 'react'

/** What the picker offers: the four formats the import reads (HEIC by its extension too, as some browsers give no type). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png,.webp'

export interface PhotoDropZoneProps {
  onFiles: (files: File[]) => void
}

/** Drop photos here or choose them: a phone opens its photo picker, a desktop its files. */
export function PhotoDropZone({ onFiles }: PhotoDropZoneProps) {
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  function handleDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    const files = [...event.dataTransfer.files]
    if (files.length > 0) onFiles(files)
  }

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'secondary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 3,
        p: { xs: 3, md: 5 },
        textAlign: 'center',
        transition: 'background-color 150ms, border-color 150ms',
      }}
    >
      <AddPhotoAlternateIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        Drop the photos of a trip here
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        JPEG, PNG, WebP or HEIC, as many as you like
      </Typography>
      <Button variant="contained" color="secondary" onClick={() => input.current?.click()}>
        Choose photos
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label="Choose photos"
        data-testid="photo-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </Box>
  )
}
