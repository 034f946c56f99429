import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'

import type { TravelledTrip } from '@shared/trips'

import { useCurrentUser } from '../../session/api'

import { TripList } from './TripList'

/**
 * "{username}'s trips" on a friend's page (docs/product.md#screen-friend): the trips they own or travel in that the
 * viewer may open. A friend without any shows no section: there is nothing to ask of them.
 */
export function TravelledTrips({ trips, username }: { trips: readonly TravelledTrip[]; username: string }) {
  const { data: me } = useCurrentUser()
  if (trips.length === 0) return null
  return (
    <Box component="section" aria-labelledby="travelled-trips-title">
      <Typography id="travelled-trips-title" variant="h5" component="h2" gutterBottom>
        {username}&apos;s trips ({trips.length})
      </Typography>
      <TripList
        trips={trips}
        badgeOf={(trip) =>
          trip.travellerRole === 'accepted' ? (
            <Chip size="small" label={trip.owner.userId === me?.userId ? 'With you' : `With ${trip.owner.username}`} />
          ) : null
        }
      />
    </Box>
  )
}
