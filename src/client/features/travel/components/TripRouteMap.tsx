import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { useMemo } from 'react'

import type { TripPlace } from '@shared/trips'

import { LoadFailed } from '../../../components/LoadFailed'
import { useGetMapPlacesQuery } from '../api'

import { MapLegend } from './MapLegend'
import { TravelMap, type PlaceOnMap } from './TravelMap'

/**
 * A trip's places on the travel map, solid, with a line through them in the order travelled; the map opens framed on
 * them. A place opens the card of the trip's memory there.
 */
export function TripRouteMap({ places }: { places: TripPlace[] }) {
  const map = useGetMapPlacesQuery()
  const route = useMemo(() => places.map((place) => place.cardSetId), [places])
  const onMap = useMemo((): PlaceOnMap[] => {
    const cardOf = new Map(places.map((place) => [place.cardSetId, place.cardId]))
    return (map.data?.places ?? []).map((place) => {
      const cardId = cardOf.get(place.cardSetId)
      return { ...place, status: cardId ? 'beenThere' : 'none', wantToGo: false, openCardId: cardId ?? place.cardId }
    })
  }, [map.data, places])

  return (
    <Paper sx={{ p: { xs: 1, sm: 2 } }} component="section" aria-labelledby="trip-route">
      <Typography id="trip-route" variant="h5" component="h2" gutterBottom sx={{ px: { xs: 1, sm: 0 } }}>
        Route
      </Typography>
      {map.data ? (
        <>
          <TravelMap
            map={map.data}
            places={onMap}
            route={route}
            label="Map of the trip's route. Arrow keys move it, plus and minus zoom, 0 goes back to the first view. The places are named above, in order."
          />
          <Box sx={{ mt: 2 }}>
            <MapLegend only={['beenThere']} />
          </Box>
        </>
      ) : map.isError ? (
        <LoadFailed message="The map could not be loaded." onRetry={() => void map.refetch()} />
      ) : (
        <Skeleton
          variant="rounded"
          sx={{ width: '100%', height: 'auto', aspectRatio: '2 / 1' }}
          aria-label="Loading the map"
        />
      )}
    </Paper>
  )
}
