import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { Theme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useState } from 'react'

import type { Trip } from '@shared/trips'

import { useAddTripMemoryMutation } from '../api'

import { MemoryChecklist, useFreeMemories, useTicked } from './MemoryChecklist'

/** A traveller in the trip ticks their memories that no trip holds and adds them, one call each. */
export function AddMemoriesDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="add-memories"
    >
      {open && <AddMemoriesForm trip={trip} onClose={onClose} />}
    </Dialog>
  )
}

function AddMemoriesForm({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const free = useFreeMemories()
  const [checked, toggle] = useTicked()
  const [adding, setAdding] = useState(false)
  const [addMemory] = useAddTripMemoryMutation()

  async function add() {
    setAdding(true)
    // One after the other, stopping at the first refusal, which the shared toast explains (the trip full, say).
    for (const memoryId of checked) {
      const result = await addMemory({ tripId: trip.tripId, memoryId })
      if ('error' in result) break
    }
    setAdding(false)
    onClose()
  }

  return (
    <>
      <DialogTitle id="add-memories">Add memories to {trip.title}</DialogTitle>
      <DialogContent dividers>
        <MemoryChecklist
          {...free}
          checked={checked}
          onToggle={toggle}
          none="Every memory of yours is in a trip already. Write a memory first, then add it here."
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={adding || checked.size === 0} onClick={() => void add()}>
          {checked.size > 1 ? `Add ${checked.size} Memories` : 'Add Memory'}
        </Button>
      </DialogActions>
    </>
  )
}
