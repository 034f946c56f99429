import LuggageIcon from '@mui/icons-material/Luggage'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useState } from 'react'

import { CreateTripDialog } from './CreateTripDialog'

/** Make a trip of memories just written together (the visits of a photo drop): New Trip with them ticked. */
export function TripFromMemories({ memoryIds }: { memoryIds: string[] }) {
  const [open, setOpen] = useState(false)
  return (
    <Box>
      <Button variant="outlined" color="inherit" startIcon={<LuggageIcon />} onClick={() => setOpen(true)}>
        Make a trip of these memories
      </Button>
      <CreateTripDialog open={open} onClose={() => setOpen(false)} memoryIds={memoryIds} />
    </Box>
  )
}
