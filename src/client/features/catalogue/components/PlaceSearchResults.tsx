import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { PlaceSearchResult } from '@shared/catalogue'
import { CATALOGUE_TEXTS } from '@shared/catalogueTexts'

import { isFailure } from '../../../api/errors'
import { EmptyState } from '../../../components/EmptyState'
import { ListSkeleton } from '../../../components/ListSkeleton'
import { LoadFailed } from '../../../components/LoadFailed'
import { paths } from '../../../lib/paths'
import { useSearchPlacesQuery } from '../api'

const KIND_LABELS: Record<string, string> = { city: 'City', state: 'Region', country: 'Country' }

/** What a result is and where it lies: "City · France · Cities of Northern and Western Europe". */
function placeLine(place: PlaceSearchResult): string {
  return [KIND_LABELS[place.placeKind] ?? place.placeKind, place.countryName, place.collectionName]
    .filter(Boolean)
    .join(' · ')
}

/** The places whose name holds `query`, each linking to its card (docs/product.md#screen-card-collections). */
export function PlaceSearchResults({ query }: { query: string }) {
  const { currentData: places, isFetching, error, refetch } = useSearchPlacesQuery(query)
  if (isFailure(error)) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (!places) return <ListSkeleton label="Searching the places" count={4} height={56} />
  if (!places.length) return <EmptyState message={CATALOGUE_TEXTS.noPlaceFound(query)} />
  return (
    <Box component="section" aria-labelledby="search-results-heading">
      <Typography id="search-results-heading" variant="subtitle1" component="h2" aria-live="polite" sx={{ mb: 1 }}>
        {CATALOGUE_TEXTS.placesFound(places.length, query)}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {places.map((place) => (
          <Box
            component="li"
            key={place.cardSetId}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.25 }}
          >
            <Link
              component={RouterLink}
              to={paths.card.href(place.cardId)}
              variant="subtitle1"
              sx={{ fontWeight: 600 }}
            >
              {place.placeName}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {placeLine(place)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  )
}
