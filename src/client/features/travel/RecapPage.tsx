import ChevronLeftIcon from '@mui/icons-material/ChevronLeft'
import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMemo, type ReactNode } from 'react'
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom'

import { PRODUCT_NAME, RARITIES } from '@shared/constants'
import { RECAP_FIRST_YEAR, RECAP_TEXTS, recapSentence, type RecapPlace, type YearRecap } from '@shared/recap'

import { errorMessage, isFailure } from '../../api/errors'
import { EmptyState } from '../../components/EmptyState'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { RarityBadge } from '../../components/RarityBadge'
import { ShareLinks } from '../../components/ShareLinks'
import { usePageTitle } from '../../components/usePageTitle'
import { shareUrl } from '../../lib/config'
import { countOf } from '../../lib/format'
import { localToday } from '../../lib/localToday'
import { paths } from '../../lib/paths'

import {
  useGetMapPlacesQuery,
  useGetYearRecapQuery,
  useShareYearRecapMutation,
  useStopSharingYearRecapMutation,
} from './api'
import { MapLegend } from './components/MapLegend'
import { TravelMap, type PlaceOnMap } from './components/TravelMap'

/**
 * /recap/{year} (docs/product.md#year-recap): the traveller's year in cards — the places first collected and the
 * visits verified, their countries and cards by rarity, memories, friends and the longest journey, a map of the year,
 * and a link to share what is public of it. Without a year, this year.
 */
export function RecapPage() {
  const thisYear = Number(localToday().slice(0, 4))
  const { year: yearParam } = useParams()
  const year = yearParam === undefined ? thisYear : Number(yearParam)
  usePageTitle(RECAP_TEXTS.title(year))
  const valid = Number.isInteger(year) && year >= RECAP_FIRST_YEAR && year <= thisYear
  const recap = useGetYearRecapQuery(year, { skip: !valid })
  const map = useGetMapPlacesQuery(undefined, { skip: !valid })

  if (yearParam !== undefined && !valid) return <Navigate to={paths.recap.href(thisYear)} replace />

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h1">
          {RECAP_TEXTS.title(year)}
        </Typography>
        {recap.data && (
          <Typography variant="subtitle1" color="text.secondary">
            {recapSentence(recap.data)}
          </Typography>
        )}
        <Stack direction="row" spacing={1} component="nav" aria-label="Other years" sx={{ mt: 1 }}>
          {year > RECAP_FIRST_YEAR && (
            <Button component={RouterLink} to={paths.recap.href(year - 1)} startIcon={<ChevronLeftIcon />}>
              {year - 1}
            </Button>
          )}
          {year < thisYear && (
            <Button component={RouterLink} to={paths.recap.href(year + 1)} endIcon={<ChevronRightIcon />}>
              {year + 1}
            </Button>
          )}
        </Stack>
      </Box>
      {recap.isError || map.isError ? (
        <LoadFailed
          message={isFailure(recap.error) || !recap.error ? undefined : errorMessage(recap.error)}
          onRetry={() => {
            void recap.refetch()
            void map.refetch()
          }}
          retrying={recap.isFetching || map.isFetching}
        />
      ) : !recap.data || !map.data ? (
        <ListSkeleton label={`Loading your ${year}`} count={2} height={220} />
      ) : isEmpty(recap.data) ? (
        <EmptyState
          message={RECAP_TEXTS.empty(year)}
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button component={RouterLink} to={paths.acquireCards.href()} variant="contained">
                Acquire Cards
              </Button>
              <Button component={RouterLink} to={paths.myMemories.href()} variant="outlined">
                My Memories
              </Button>
            </Stack>
          }
        />
      ) : (
        <YearInCards recap={recap.data} places={placesOfYear(map.data.places, recap.data)} mapData={map.data} />
      )}
    </Stack>
  )
}

function isEmpty(recap: YearRecap): boolean {
  return (
    recap.newPlaces.length === 0 &&
    recap.verifiedPlaces.length === 0 &&
    recap.cardsByRarity.every((count) => count === 0) &&
    recap.memories === 0 &&
    recap.friendsMade === 0
  )
}

/** The catalogue's places with the year's standing: verified this year above first collected this year. */
function placesOfYear(all: Parameters<typeof TravelMap>[0]['map']['places'], recap: YearRecap): PlaceOnMap[] {
  const cardOf = new Map<string, RecapPlace>()
  const status = new Map<string, PlaceOnMap['status']>()
  for (const place of recap.newPlaces) {
    status.set(place.cardSetId, 'collected')
    cardOf.set(place.cardSetId, place)
  }
  for (const place of recap.verifiedPlaces) {
    status.set(place.cardSetId, 'verified')
    cardOf.set(place.cardSetId, place)
  }
  return all.map((place) => ({
    ...place,
    status: status.get(place.cardSetId) ?? 'none',
    wantToGo: false,
    openCardId: cardOf.get(place.cardSetId)?.cardId ?? place.cardId,
  }))
}

interface YearInCardsProps {
  recap: YearRecap
  places: PlaceOnMap[]
  mapData: Parameters<typeof TravelMap>[0]['map']
}

function YearInCards({ recap, places, mapData }: YearInCardsProps) {
  const cards = recap.cardsByRarity.reduce((sum, count) => sum + count, 0)
  const figures = useMemo(
    () => [
      { label: 'New places', value: recap.newPlaces.length },
      { label: 'Verified visits', value: recap.verifiedPlaces.length },
      { label: 'Countries', value: recap.countries.length },
      { label: 'Cards', value: cards },
      { label: 'Memories', value: recap.memories },
      { label: 'Trips', value: recap.trips },
      { label: 'Friends made', value: recap.friendsMade },
    ],
    [recap, cards],
  )
  return (
    <>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(7, 1fr)' },
        }}
      >
        {figures.map(({ label, value }) => (
          <Paper key={label} sx={{ p: 2, textAlign: 'center' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0 }}>
              {value.toLocaleString('en-US')}
            </Typography>
          </Paper>
        ))}
      </Box>

      <Section title="Cards by rarity" id="recap-rarities">
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          {RARITIES.map(({ rarity }) => (
            <Stack key={rarity} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <RarityBadge rarity={rarity} />
              <Typography variant="body2">{(recap.cardsByRarity[rarity - 1] ?? 0).toLocaleString('en-US')}</Typography>
            </Stack>
          ))}
        </Stack>
      </Section>

      <Paper sx={{ p: { xs: 1, sm: 2 } }} component="section" aria-labelledby="recap-map">
        <Typography id="recap-map" variant="h5" component="h2" gutterBottom sx={{ px: { xs: 1, sm: 0 } }}>
          Your {recap.year} on the map
        </Typography>
        <TravelMap map={mapData} places={places} />
        <Box sx={{ mt: 2 }}>
          <MapLegend only={['verified', 'collected']} />
        </Box>
      </Paper>

      {recap.longestTrip && (
        <Longest
          title="Longest trip"
          id="recap-trip"
          to={paths.trip.href(recap.longestTrip.tripId)}
          name={recap.longestTrip.title}
          span={recap.longestTrip}
        />
      )}
      {recap.longestJourney && (
        <Longest
          title="Longest journey"
          id="recap-journey"
          to={paths.viewMemory.href(recap.longestJourney.memoryId)}
          name={recap.longestJourney.place}
          span={recap.longestJourney}
        />
      )}

      <PlaceSection title="New places" id="recap-new" places={recap.newPlaces} none="No new places this year." />
      <PlaceSection
        title="Verified visits"
        id="recap-verified"
        places={recap.verifiedPlaces}
        none="No visits verified this year."
      />
      {recap.countries.length > 0 && (
        <Section title="Countries" id="recap-countries">
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ flexWrap: 'wrap' }}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {recap.countries.map((country) => (
              <li key={country.countryCode}>
                <Chip label={country.name} />
              </li>
            ))}
          </Stack>
        </Section>
      )}

      <ShareYear recap={recap} />
    </>
  )
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

interface LongestProps {
  title: string
  id: string
  to: string
  name: string
  span: { days: number; startDate: string; endDate: string }
}

/** The year's longest trip or journey: "{name}: {n} days, {start} – {end}", the name opening it. */
function Longest({ title, id, to, name, span }: LongestProps) {
  return (
    <Section title={title} id={id}>
      <Typography>
        <Link component={RouterLink} to={to} underline="always">
          {name}
        </Link>
        {`: ${countOf(span.days, 'day')}, ${span.startDate} – ${span.endDate}`}
      </Typography>
    </Section>
  )
}

function PlaceSection({ title, id, places, none }: { title: string; id: string; places: RecapPlace[]; none: string }) {
  return (
    <Section title={`${title} (${places.length.toLocaleString('en-US')})`} id={id}>
      {places.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {none}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ m: 0, pl: 2.5, columns: { xs: 1, sm: 2, md: 3 }, columnGap: 3, '& li': { breakInside: 'avoid' } }}
        >
          {places.map((place) => (
            <li key={place.cardSetId}>
              <Link component={RouterLink} to={paths.card.href(place.cardId)} underline="always">
                {place.name}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {place.collectionName}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Section>
  )
}

/** Share by link: what the link shows is said before it is made; stopping ends the link at once. */
function ShareYear({ recap }: { recap: YearRecap }) {
  const [share, sharing] = useShareYearRecapMutation()
  const [stop, stopping] = useStopSharingYearRecapMutation()
  const title = `My ${RECAP_TEXTS.title(recap.year)} on ${PRODUCT_NAME}`
  return (
    <Section title="Share your year" id="recap-share">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {RECAP_TEXTS.shareHelp}
      </Typography>
      {recap.shareId ? (
        <Stack spacing={2}>
          <ShareLinks url={shareUrl('recap', recap.shareId)} title={title} showUrl />
          <Box>
            <Button variant="outlined" disabled={stopping.isLoading} onClick={() => void stop({ year: recap.year })}>
              Stop sharing
            </Button>
          </Box>
        </Stack>
      ) : (
        <Button variant="contained" disabled={sharing.isLoading} onClick={() => void share({ year: recap.year })}>
          Share my {recap.year}
        </Button>
      )}
    </Section>
  )
}
