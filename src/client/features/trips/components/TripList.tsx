import LuggageIcon from '@mui/icons-material/Luggage'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { TripSummary } from '@shared/trips'

import { cardImageUrl } from '../../../components/CardImage'
import { visibilityLabel } from '../../../components/VisibilitySelect'
import { paths } from '../../../lib/paths'

import { routeLine, tripFacts } from './tripText'

/** A trip as a list shows it: what the viewer may see of it. */
export type ListedTrip = Pick<
  TripSummary,
  'tripId' | 'title' | 'visibility' | 'startDate' | 'endDate' | 'memoryCount' | 'places'
>

/** Trips as tiles, one column on a phone and up to three on a desktop; `badgeOf` adds a trip's standing to its tile. */
export function TripList<Trip extends ListedTrip>({
  trips,
  badgeOf,
}: {
  trips: readonly Trip[]
  badgeOf: (trip: Trip) => ReactNode
}) {
  return (
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
      {trips.map((trip) => (
        <li key={trip.tripId}>
          <TripTile trip={trip} badge={badgeOf(trip)} />
        </li>
      ))}
    </Box>
  )
}

/** A trip in a list, opening its page: its first place's card, title, route, dates, visibility and `badge`. */
function TripTile({ trip, badge }: { trip: ListedTrip; badge?: ReactNode }) {
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
            {badge}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  )
}
