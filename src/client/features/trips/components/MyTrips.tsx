import AddIcon from '@mui/icons-material/Add'
import LuggageIcon from '@mui/icons-material/Luggage'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { TripSummary } from '@shared/trips'

import { cardImageUrl } from '../../../components/CardImage'
import { ListSkeleton } from '../../../components/ListSkeleton'
import { LoadFailed } from '../../../components/LoadFailed'
import { visibilityLabel } from '../../../components/VisibilitySelect'
import { paths } from '../../../lib/paths'
import { useGetMyTripsQuery } from '../api'

import { CreateTripDialog } from './CreateTripDialog'
import { routeLine, tripFacts } from './tripText'

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
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {data.map((trip) => (
            <li key={trip.tripId}>
              <TripTile trip={trip} />
            </li>
          ))}
        </Box>
      )}
      <CreateTripDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}

function TripTile({ trip }: { trip: TripSummary }) {
  const cover = trip.places[0]
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.trip.href(trip.tripId)}
        sx={{ height: '100%', p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'flex-start' }}
      >
        <Box sx={{ width: 56, flexShrink: 0 }}>
          {cover ? (
            // The title says what the trip is: its first place's card is decoration.
            <Box
              component="img"
              src={cardImageUrl(cover.cardId)}
              alt=""
              loading="lazy"
              width={56}
              height={78}
              sx={{ display: 'block', borderRadius: 1, bgcolor: 'action.hover' }}
            />
          ) : (
            <Box
              sx={{
                width: 56,
                height: 78,
                borderRadius: 1,
                bgcolor: 'action.hover',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <LuggageIcon color="action" aria-hidden />
            </Box>
          )}
        </Box>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {trip.title}
          </Typography>
          {trip.places.length > 0 && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {routeLine(trip.places)}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {tripFacts(trip)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ pt: 0.5, flexWrap: 'wrap' }} useFlexGap>
            <Chip size="small" variant="outlined" label={visibilityLabel(trip.visibility)} />
            {trip.myRole === 'invited' && (
              <Chip size="small" color="secondary" label={`Invited by ${trip.owner.username}`} />
            )}
            {trip.myRole === 'accepted' && <Chip size="small" label={`With ${trip.owner.username}`} />}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  )
}
