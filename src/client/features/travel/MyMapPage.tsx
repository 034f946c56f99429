import CollectionsIcon from '@mui/icons-material/Collections'
import EventNoteIcon from '@mui/icons-material/EventNote'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMemo } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { RECAP_TEXTS } from '@shared/recap'
import { PLACE_STATUS_LABELS, progressSentence, type BucketList, type PlaceStatus } from '@shared/travel'

import { FriendsToAsk } from '../../components/FriendsToAsk'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { usePageTitle } from '../../components/usePageTitle'
import { localToday } from '../../lib/localToday'
import { paths } from '../../lib/paths'

import {
  useGetBucketListQuery,
  useGetMapPlacesQuery,
  useGetMyMapQuery,
  useGetProgressQuery,
  useSetWantToGoMutation,
} from './api'
import { MapLegend } from './components/MapLegend'
import { ProgressFigures } from './components/ProgressFigures'
import { TravelMap, type PlaceOnMap } from './components/TravelMap'

const LIST_ORDER: PlaceStatus[] = ['verified', 'beenThere', 'collected']

/**
 * My Map (docs/product.md#screen-my-map): the world shaded by the traveller's places, the same places as a list,
 * the bucket list with friends to ask, and progress with its denominators.
 */
export function MyMapPage() {
  usePageTitle('My Map')
  const map = useGetMapPlacesQuery()
  const mine = useGetMyMapQuery()
  const progress = useGetProgressQuery()
  const bucketList = useGetBucketListQuery()
  const thisYear = Number(localToday().slice(0, 4))

  const places = useMemo((): PlaceOnMap[] => {
    if (!map.data) return []
    const standing = new Map((mine.data?.places ?? []).map((place) => [place.cardSetId, place]))
    return map.data.places.map((place) => {
      const own = standing.get(place.cardSetId)
      return {
        ...place,
        status: own?.status ?? 'none',
        wantToGo: own?.wantToGo ?? false,
        openCardId: own?.cardId ?? place.cardId,
      }
    })
  }, [map.data, mine.data])

  const failed = map.isError || mine.isError || progress.isError

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h1">
          My Map
        </Typography>
        {progress.data && (
          <Typography variant="subtitle1" color="text.secondary">
            All places: {progressSentence(progress.data.total)}
          </Typography>
        )}
        <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.myCollection.href()} startIcon={<CollectionsIcon />}>
            My Collection
          </Button>
          <Button component={RouterLink} to={paths.recap.href(thisYear)} startIcon={<EventNoteIcon />}>
            {RECAP_TEXTS.title(thisYear)}
          </Button>
        </Stack>
      </Box>
      {failed ? (
        <LoadFailed
          onRetry={() => {
            void map.refetch()
            void mine.refetch()
            void progress.refetch()
          }}
          retrying={map.isFetching || mine.isFetching || progress.isFetching}
        />
      ) : !map.data || !mine.data || !progress.data ? (
        <ListSkeleton label="Loading your map" count={2} height={220} />
      ) : (
        <>
          <Paper sx={{ p: { xs: 1, sm: 2 } }}>
            <TravelMap map={map.data} places={places} />
            <Box sx={{ mt: 2 }}>
              <MapLegend />
            </Box>
          </Paper>
          {progress.data.total.collected === 0 && progress.data.total.beenThere === 0 && (
            <Typography color="text.secondary">
              No place collected or been to yet: collect a card, or mark a place you have been to on its card.{' '}
              <Link component={RouterLink} to={paths.acquireCards.href()}>
                Acquire Cards
              </Link>
            </Typography>
          )}
          <BucketListSection
            list={bucketList.data}
            loading={bucketList.isLoading}
            failed={bucketList.isError}
            onRetry={() => void bucketList.refetch()}
          />
          <PlaceList places={places} />
          <ProgressFigures progress={progress.data} />
        </>
      )}
    </Stack>
  )
}

interface BucketListSectionProps {
  list: BucketList | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
}

function BucketListSection({ list, loading, failed, onRetry }: BucketListSectionProps) {
  const [setWantToGo, { isLoading: saving }] = useSetWantToGoMutation()
  return (
    <Box component="section" aria-labelledby="bucket-list-title">
      <Typography id="bucket-list-title" variant="h5" component="h2" gutterBottom>
        Want to go
      </Typography>
      {failed ? (
        <LoadFailed onRetry={onRetry} />
      ) : loading || !list ? (
        <ListSkeleton label="Loading your bucket list" count={1} height={80} />
      ) : list.length === 0 ? (
        <Typography color="text.secondary">
          Nothing on your list yet. Open the card of a place you have not been to and choose &ldquo;Want to go&rdquo;.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((entry) => (
            <Paper component="li" key={entry.cardSetId} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={paths.card.href(entry.cardId)} variant="h6">
                  {entry.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {entry.collectionName}
                </Typography>
                {entry.beenThere && <Chip size="small" color="primary" label="Been there now" />}
                <Button
                  size="small"
                  sx={{ ml: 'auto' }}
                  disabled={saving}
                  onClick={() => void setWantToGo({ cardId: entry.cardId, value: false })}
                  aria-label={`Remove ${entry.name} from the list`}
                >
                  Remove
                </Button>
              </Stack>
              <Box sx={{ mt: 1 }}>
                <FriendsToAsk friends={entry.friends} />
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  )
}

/** The map's places as a list, the same data for screen readers and keyboards: each opens its card. */
function PlaceList({ places }: { places: PlaceOnMap[] }) {
  const groups = LIST_ORDER.map((status) => ({
    status,
    places: places.filter((place) => place.status === status).sort((a, b) => a.name.localeCompare(b.name, 'en')),
  }))
  const notCollected = places.filter((place) => place.status === 'none').length
  return (
    <Box component="section" aria-labelledby="place-list-title">
      <Typography id="place-list-title" variant="h5" component="h2" gutterBottom>
        Places on your map
      </Typography>
      {groups.map(({ status, places: group }) => (
        <Box key={status} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {PLACE_STATUS_LABELS[status]} ({group.length})
          </Typography>
          {group.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              None yet.
            </Typography>
          ) : (
            <Box
              component="ul"
              sx={{ m: 0, pl: 2.5, columns: { xs: 1, sm: 2, md: 3 }, columnGap: 3, '& li': { breakInside: 'avoid' } }}
            >
              {group.map((place) => (
                <li key={place.cardSetId}>
                  <Link component={RouterLink} to={paths.card.href(place.openCardId)}>
                    {place.name}
                  </Link>
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary">
        {PLACE_STATUS_LABELS.none}: {notCollected.toLocaleString('en-US')} places.
      </Typography>
    </Box>
  )
}
