import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import type { Visibility } from '@shared/constants'
import { TRIP_TITLE_MAX_LENGTH, type Trip } from '@shared/trips'

import { VisibilitySelect } from '../../../components/VisibilitySelect'
import { useUpdateTripMutation } from '../api'

import { TRIP_VISIBILITY_HELP } from './tripText'

/** The owner renames the trip or changes who sees it. */
export function EditTripDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-trip">
      {open && <EditTripForm trip={trip} onClose={onClose} />}
    </Dialog>
  )
}

function EditTripForm({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const [title, setTitle] = useState(trip.title)
  const [visibility, setVisibility] = useState(trip.visibility as Visibility)
  const [updateTrip, { isLoading }] = useUpdateTripMutation()
  const blank = title.trim() === ''

  async function submit(event: SubmitEvent) {
    event.preventDefault()
    if (blank) return
    const result = await updateTrip({ tripId: trip.tripId, title: title.trim(), visibility })
    if (!('error' in result)) onClose()
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id="edit-trip">Edit Trip</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            autoFocus
            error={blank}
            helperText={blank ? 'Give the trip a title.' : `${title.length}/${TRIP_TITLE_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: TRIP_TITLE_MAX_LENGTH } }}
          />
          <VisibilitySelect value={visibility} onChange={setVisibility} />
          <Typography variant="body2" color="text.secondary">
            {TRIP_VISIBILITY_HELP}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isLoading || blank}>
          Save
        </Button>
      </DialogActions>
    </form>
  )
}
