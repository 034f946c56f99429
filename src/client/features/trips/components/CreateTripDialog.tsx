import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { Theme } from '@mui/material/styles'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useState, type SubmitEvent } from 'react'
import { useNavigate } from 'react-router-dom'

import { VISIBILITY, type Visibility } from '@shared/constants'
import { TRIP_MEMORIES_MAX, TRIP_TITLE_MAX_LENGTH } from '@shared/trips'

import { VisibilitySelect } from '../../../components/VisibilitySelect'
import { paths } from '../../../lib/paths'
import { useCreateTripMutation } from '../api'

import { MemoryChecklist, useFreeMemories, useTicked } from './MemoryChecklist'
import { TRIP_VISIBILITY_HELP } from './tripText'

export interface CreateTripDialogProps {
  open: boolean
  onClose: () => void
  /** The memories the trip starts with, ticked: the one it was started from, or the visits just saved. */
  memoryIds?: readonly string[]
}

/** New Trip: a title, who sees it, and the memories it groups; it opens the new trip's page. */
export function CreateTripDialog({ open, onClose, memoryIds = [] }: CreateTripDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="new-trip">
      {/* Mounted only while open, so each opening starts from the memories given. */}
      {open && <CreateTripForm onClose={onClose} memoryIds={memoryIds} />}
    </Dialog>
  )
}

function CreateTripForm({ onClose, memoryIds }: { onClose: () => void; memoryIds: readonly string[] }) {
  const navigate = useNavigate()
  const [title, setTitle] = useState('')
  // A trip names who travelled and where: who sees it is widened by choice, not by default.
  const [visibility, setVisibility] = useState<Visibility>(VISIBILITY.Friends)
  const [checked, toggle] = useTicked(memoryIds)
  const [titleError, setTitleError] = useState('')
  const free = useFreeMemories(memoryIds)
  const [createTrip, { isLoading: creating }] = useCreateTripMutation()

  async function submit(event: SubmitEvent) {
    event.preventDefault()
    if (title.trim() === '') {
      setTitleError('Give the trip a title.')
      return
    }
    if (checked.size > TRIP_MEMORIES_MAX) return
    const result = await createTrip({ title: title.trim(), visibility, memoryIds: [...checked] })
    if ('data' in result && result.data) {
      onClose()
      void navigate(paths.trip.href(result.data.tripId))
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id="new-trip">New Trip</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => {
              setTitle(event.target.value)
              setTitleError('')
            }}
            required
            autoFocus
            error={titleError !== ''}
            helperText={titleError || `For example "Portugal by train". ${title.length}/${TRIP_TITLE_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: TRIP_TITLE_MAX_LENGTH } }}
          />
          <Stack spacing={1}>
            <VisibilitySelect value={visibility} onChange={setVisibility} />
            <Typography variant="body2" color="text.secondary">
              {TRIP_VISIBILITY_HELP}
            </Typography>
          </Stack>
          <Stack spacing={1}>
            <Typography variant="h6" component="h3">
              Memories of this trip ({checked.size})
            </Typography>
            <MemoryChecklist
              {...free}
              checked={checked}
              onToggle={toggle}
              none="All your memories are in trips already. You can start an empty trip and add memories later."
            />
            {checked.size > TRIP_MEMORIES_MAX && (
              <Typography color="error" role="alert">
                A trip holds at most {TRIP_MEMORIES_MAX} memories.
              </Typography>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={creating}>
          Create Trip
        </Button>
      </DialogActions>
    </form>
  )
}
