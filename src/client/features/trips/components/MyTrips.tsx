import AddIcon from '@mui/icons-material/Add'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import { ListSkeleton } from '../../../components/ListSkeleton'
import { LoadFailed } from '../../../components/LoadFailed'
import { useGetMyTripsQuery } from '../api'

import { CreateTripDialog } from './CreateTripDialog'
import { TripList } from './TripList'

/** My Trips, in My Memories: the trips I own, travel in or am invited to, and New Trip. */
export function MyTrips() {
  const { data, isLoading, isError, isFetching, refetch } = useGetMyTripsQuery()
  const [creating, setCreating] = useState(false)

  return (
    <Stack component="section" spacing={2} aria-labelledby="my-trips-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="my-trips-title" variant="h5" component="h2">
          My Trips
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New Trip
        </Button>
      </Stack>
      {isLoading ? (
        <ListSkeleton label="Loading your trips" count={1} height={96} />
      ) : isError && !data ? (
        <LoadFailed message="Your trips could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">
          Group the memories of one journey into a trip: its route on the map, its days in order, and the friends who
          travelled with you.
        </Typography>
      ) : (
        <TripList
          trips={data}
          badgeOf={(trip) =>
            trip.myRole === 'invited' ? (
              <Chip size="small" color="secondary" label={`Invited by ${trip.owner.username}`} />
            ) : trip.myRole === 'accepted' ? (
              <Chip size="small" label={`With ${trip.owner.username}`} />
            ) : null
          }
        />
      )}
      <CreateTripDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}
