import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { useDeferredValue, useState } from 'react'

import { useSearchPlacesQuery } from '../../catalogue/api'
import { useChangeDraftPlaceMutation } from '../api'

export interface ChangePlaceDialogProps {
  draftId: string
  open: boolean
  onClose: () => void
}

/** The place search, to correct the place a visit was matched to. */
export function ChangePlaceDialog({ draftId, open, onClose }: ChangePlaceDialogProps) {
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query.trim())
  const { currentData, isFetching } = useSearchPlacesQuery(deferred.length >= 2 ? deferred : skipToken)
  const [changePlace, { isLoading }] = useChangeDraftPlaceMutation()

  async function choose(cardSetId: string) {
    try {
      await changePlace({ draftId, cardSetId }).unwrap()
      onClose()
    } catch {
      // The shared toast says why; the dialog stays open for another choice.
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Change the place</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Search places"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          sx={{ mt: 1 }}
        />
        {deferred.length >= 2 && !isFetching && currentData?.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No place matches “{deferred}”.
          </Typography>
        )}
        <List dense aria-label="Places">
          {(currentData ?? []).map((place) => (
            <ListItemButton key={place.cardSetId} disabled={isLoading} onClick={() => void choose(place.cardSetId)}>
              <ListItemText
                primary={place.placeName}
                secondary={[place.countryName, place.collectionName].filter(Boolean).join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  )
}
