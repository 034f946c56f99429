import PublicIcon from '@mui/icons-material/Public'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { OwnedCardEntry } from '@shared/collection'
import { PRODUCT_NAME, RARITIES } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { isFailure } from '../../api/errors'
import { CardStats } from '../../components/CardStats'
import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { RarityBadge } from '../../components/RarityBadge'
import { ShareLinks } from '../../components/ShareLinks'
import { Tour, type TourStep } from '../../components/Tour'
import { usePageTitle } from '../../components/usePageTitle'
import { shareUrl } from '../../lib/config'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { useGetCardCollectionsQuery } from '../catalogue/api'
import { useGetUserQuery } from '../session/api'

import {
  selectAllOwnedCards,
  selectCollectionIdsWithCards,
  selectOwnedCardsOfCollection,
  useGetMyCollectionQuery,
} from './api'
import { OwnedCardTile } from './components/OwnedCardTile'

/** The tab of every owned card, whatever its collection. */
const ALL_CARDS = 'all'

/** Within a rarity, the cards of one collection stay together, then by name. */
function byCollection(entries: OwnedCardEntry[]): OwnedCardEntry[] {
  return [...entries].sort(
    (a, b) => a.collectionName.localeCompare(b.collectionName) || a.cardName.localeCompare(b.cardName),
  )
}

const TOUR_STEPS: TourStep[] = [
  {
    target: '[data-tour="my-collection-title"]',
    title: 'My Collection',
    content: 'Welcome to your collection: every card you acquire lands here.',
  },
  {
    target: '[data-tour="my-collection-stats"]',
    title: 'Your stats',
    content: 'Your stats: how many cards and collections you hold, and how many of each rarity.',
  },
  {
    target: '[data-tour="my-collection-list"]',
    title: 'Collections',
    content: 'Choose a card collection to see the cards you own from it.',
  },
  {
    target: '[data-tour="my-collection-cards"]',
    title: 'Your cards',
    content: 'Your cards, rarest first. Open one to see its copies and write memories on them.',
  },
]

/**
 * My Collection (docs/product.md#screen-my-collection): the user's cards of one collection at a time, grouped from
 * Legendary down to Common.
 */
export function MyCollectionPage() {
  usePageTitle('My Collection')
  const { data: user } = useGetUserQuery()
  const collectionsQuery = useGetCardCollectionsQuery()
  const cardsQuery = useGetMyCollectionQuery()
  const { data: collections, isLoading: collectionsLoading } = collectionsQuery
  const cardsLoading = cardsQuery.isLoading
  // A failed load is told apart from an empty collection: it said "You don't have any cards" beside stats of 13.
  const failed =
    (!collections && isFailure(collectionsQuery.error)) || (!cardsQuery.data && isFailure(cardsQuery.error))
  const withCards = useAppSelector(selectCollectionIdsWithCards)
  // Of dozens of collections, the ones the traveller has cards in come first, and the page opens on the first of them.
  const orderedCollections = useMemo(() => {
    if (!collections) return undefined
    const started = new Set(withCards)
    return [
      ...collections.filter((collection) => started.has(collection.collectionId)),
      ...collections.filter((collection) => !started.has(collection.collectionId)),
    ]
  }, [collections, withCards])
  // Cards spread over several collections open on all of them at once: after a pick and a ten-draw, 13 cards sat in
  // a dozen tabs of one card each.
  const spread = withCards.length > 1
  const [chosenId, setChosenId] = useState<string | null>(null)
  const selectedId = chosenId ?? (spread ? ALL_CARDS : (orderedCollections?.[0]?.collectionId ?? null))
  const entries = useAppSelector((state) =>
    selectedId === ALL_CARDS ? selectAllOwnedCards(state) : selectOwnedCardsOfCollection(state, selectedId),
  )
  const loading = collectionsLoading || cardsLoading

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h3" component="h1" data-tour="my-collection-title">
          My Collection
        </Typography>
        {user && (
          <ShareLinks
            url={shareUrl('user', user.friendCode)}
            title={`${user.username}'s travel cards on ${PRODUCT_NAME}`}
          />
        )}
      </Box>

      <Paper variant="outlined" sx={{ p: 2 }} data-tour="my-collection-stats">
        {user ? (
          <CardStats stats={user.userCardStats} />
        ) : (
          <Skeleton variant="rounded" height={64} aria-label="Loading your collection stats" />
        )}
        <Button component={RouterLink} to={paths.myMap.href()} startIcon={<PublicIcon />} sx={{ mt: 1.5 }}>
          My Map: your places and progress
        </Button>
      </Paper>

      <Box data-tour="my-collection-list">
        {orderedCollections && orderedCollections.length > 0 && selectedId && (
          <Tabs
            value={selectedId}
            onChange={(_event, collectionId: string) => setChosenId(collectionId)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Card collections"
          >
            {spread && <Tab value={ALL_CARDS} label="All cards" />}
            {orderedCollections.map((collection) => (
              <Tab key={collection.collectionId} value={collection.collectionId} label={collection.collectionName} />
            ))}
          </Tabs>
        )}
      </Box>

      <Box data-tour="my-collection-cards">
        {loading ? (
          <LoadingState label="Loading your collection" />
        ) : failed ? (
          <LoadFailed
            message="Your collection could not be loaded."
            onRetry={() => {
              void collectionsQuery.refetch()
              void cardsQuery.refetch()
            }}
            retrying={collectionsQuery.isFetching || cardsQuery.isFetching}
          />
        ) : collections?.length === 0 ? (
          <EmptyState message={TEXTS.noCardCollectionsFound} />
        ) : entries.length === 0 ? (
          <EmptyState
            message={TEXTS.empty.collectionCards}
            action={
              <Button variant="contained" component={RouterLink} to={paths.acquireCards.href()}>
                Acquire Cards
              </Button>
            }
          />
        ) : (
          <RarityGroups entries={selectedId === ALL_CARDS ? byCollection(entries) : entries} />
        )}
      </Box>

      <Tour
        name="myCollection"
        steps={TOUR_STEPS}
        ready={!loading}
        continuous
        showProgress
        hideCloseButton
        disableOverlayClose
        disableCloseOnEsc
        lastLabel="Done"
      />
    </Stack>
  )
}

interface RarityGroupsProps {
  entries: OwnedCardEntry[]
}

function RarityGroups({ entries }: RarityGroupsProps) {
  return (
    <Stack spacing={4}>
      {RARITIES.map(({ rarity, name }) => {
        const cards = entries.filter((entry) => entry.cardRarity === rarity)
        if (cards.length === 0) return null
        return (
          <Box component="section" key={rarity} aria-label={`${name} cards`}>
            <Box sx={{ mb: 1.5 }}>
              <RarityBadge rarity={rarity} size="medium" />
            </Box>
            <CardGrid>
              {cards.map((entry) => (
                <OwnedCardTile key={entry.cardId} entry={entry} />
              ))}
            </CardGrid>
          </Box>
        )
      })}
    </Stack>
  )
}

const CardGrid = styled('ul')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: theme.spacing(2),
  margin: 0,
  padding: 0,
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' },
}))
