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
export interface PlaceSearchDialogProps {
  title: string
  open: boolean
  onClose: () => void
  /** Settles once the choice is made; a refusal keeps the dialog open for another. */
  onChoose: (cardSetId: string) => Promise<unknown>
}

/** The place search, to correct the place of a visit or to give a photo a place of its own. */
export function PlaceSearchDialog({ title, open, onClose, onChoose }: PlaceSearchDialogProps) {
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query.trim())
  const { currentData, isFetching } = useSearchPlacesQuery(deferred.length >= 2 ? deferred : skipToken)
  const [choosing, setChoosing] = useState(false)

  async function choose(cardSetId: string) {
    setChoosing(true)
    try {
      await onChoose(cardSetId)
      onClose()
    } catch {
      // The shared toast says why; the dialog stays open for another choice.
    } finally {
      setChoosing(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
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
            <ListItemButton key={place.cardSetId} disabled={choosing} onClick={() => void choose(place.cardSetId)}>
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
