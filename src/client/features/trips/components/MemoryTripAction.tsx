import LuggageIcon from '@mui/icons-material/Luggage'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useId, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { paths } from '../../../lib/paths'
import { enqueueSnackbar } from '../../../lib/toast'
import { useAddTripMemoryMutation, useGetMyTripsQuery } from '../api'

import { CreateTripDialog } from './CreateTripDialog'

/**
 * On my own memory: the trip that holds it, or Add to Trip with the trips I travel in and New Trip. A memory is in one
 * trip at most, so the one holding it is a link, not a choice.
 */
export function MemoryTripAction({ memoryId }: { memoryId: string }) {
  const menuId = useId()
  const { data: trips } = useGetMyTripsQuery()
  const [addMemory, { isLoading }] = useAddTripMemoryMutation()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [creating, setCreating] = useState(false)
  if (!trips) return null

  const holding = trips.find((trip) => trip.myMemoryIds.includes(memoryId))
  if (holding) {
    return (
      <Button component={RouterLink} to={paths.trip.href(holding.tripId)} startIcon={<LuggageIcon />}>
        In trip: {holding.title}
      </Button>
    )
  }

  const mine = trips.filter((trip) => trip.myRole !== 'invited')

  async function addTo(tripId: string, title: string) {
    setAnchor(null)
    const result = await addMemory({ tripId, memoryId })
    if (!('error' in result)) enqueueSnackbar(`Added to "${title}".`, { variant: 'success' })
  }

  return (
    <>
      <Button
        startIcon={<LuggageIcon />}
        disabled={isLoading}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Add to Trip
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {mine.map((trip) => (
          <MenuItem key={trip.tripId} onClick={() => void addTo(trip.tripId, trip.title)}>
            {trip.title}
          </MenuItem>
        ))}
        {mine.length > 0 && <Divider />}
        <MenuItem
          onClick={() => {
            setAnchor(null)
            setCreating(true)
          }}
        >
          New Trip…
        </MenuItem>
      </Menu>
      <CreateTripDialog open={creating} onClose={() => setCreating(false)} memoryIds={[memoryId]} />
    </>
  )
}
