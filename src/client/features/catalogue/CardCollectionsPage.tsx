import GridViewIcon from '@mui/icons-material/GridView'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { startTransition, useEffect, useRef, useState } from 'react'
import { Link as RouterLink, NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router-dom'

import type { CardCollection, CollectionGroup } from '@shared/catalogue'
import { CATALOGUE_TEXTS } from '@shared/catalogueTexts'
import { PLACE_SEARCH_MAX_LENGTH } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { isFailure } from '../../api/errors'
import { collectionImageUrl } from '../../components/CardImage'
import { EmptyState } from '../../components/EmptyState'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { OutlinedTextField } from '../../components/OutlinedTextField'
import { RarityBadge } from '../../components/RarityBadge'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'
import { storedScrollPosition } from '../../lib/scrollPositions'

import { useGetCardCollectionsQuery } from './api'
import { CollectionCardsBrowser } from './components/CollectionCardsBrowser'
import { PlaceSearchResults } from './components/PlaceSearchResults'

/** Where keyboard focus goes after the view changes: the opened browser, or the Browse button of the collection left. */
interface FocusState {
  focus?: string
}
const FOCUS_BROWSER = '#browser'
const DEFAULT_RARITY = 5
/** The search asks the server once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300
/** The collection images shown before any scrolling load at once; the rest as they come into view. */
const EAGER_IMAGES = 2
/** Enough collections to fill a desktop screen; the rest of the list is rendered right after them. */
const FIRST_RENDER_COLLECTIONS = 6

function rarityFrom(value: string | null): number {
  const rarity = Number(value)
  return Number.isInteger(rarity) && rarity >= 1 && rarity <= 5 ? rarity : DEFAULT_RARITY
}

function browseHref(collectionId: string): string {
  return `${paths.cardCollections.href()}?${new URLSearchParams({ collection: collectionId, rarity: String(DEFAULT_RARITY) })}`
}

/** The collections by group (cities, regions of countries, continents), the groups in the catalogue's order. */
function grouped(collections: CardCollection[]): { group: CollectionGroup; collections: CardCollection[] }[] {
  const groups = new Map<CollectionGroup, CardCollection[]>()
  for (const collection of collections) {
    const list = groups.get(collection.collectionGroup)
    if (list) list.push(collection)
    else groups.set(collection.collectionGroup, [collection])
  }
  return [...groups.entries()].map(([group, list]) => ({ group, collections: list }))
}

/**
 * Card Collections (docs/product.md#screen-card-collections): a place search, then every collection by group with its
 * image, description, card count and counts per rarity. The open collection and rarity live in the query
 * (?collection=europe&rarity=5), and so does the search (?q=lyon), so Back from a card returns to the same cards.
 */
export function CardCollectionsPage() {
  const { data: collections, isLoading, isFetching, error, refetch } = useGetCardCollectionsQuery()
  const [searchParams, setSearchParams] = useSearchParams()
  const focus = (useLocation().state as FocusState | null)?.focus
  const open = collections?.find((collection) => collection.collectionId === searchParams.get('collection'))
  const rarity = rarityFrom(searchParams.get('rarity'))
  usePageTitle(open ? `${open.collectionName} · Card Collections` : 'Card Collections')

  function changeRarity(value: number) {
    // Switching rarity is not a step of its own in the history: Back leaves the collection.
    setSearchParams(
      { collection: open?.collectionId ?? '', rarity: String(value) },
      { replace: true, state: { focus: undefined } satisfies FocusState },
    )
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h3" component="h1">
        Card Collections
      </Typography>
      {isLoading ? (
        <ListSkeleton label="Loading the card collections" layout="tiles" count={6} height={320} />
      ) : !collections && isFailure(error) ? (
        <LoadFailed
          message="The card collections could not be loaded."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !collections?.length ? (
        <EmptyState
          message={TEXTS.empty.cardCollections}
          action={
            <Button component={RouterLink} to={paths.requestNewContent.href()} variant="contained">
              Request New Content
            </Button>
          }
        />
      ) : open ? (
        <CollectionCardsBrowser
          collection={open}
          rarity={rarity}
          onRarityChange={changeRarity}
          closeTo={{ pathname: paths.cardCollections.href(), state: { focus: open.collectionId } satisfies FocusState }}
          takeFocus={focus === FOCUS_BROWSER}
        />
      ) : (
        <CollectionList collections={collections} focus={focus} />
      )}
    </Stack>
  )
}

function CollectionList({ collections, focus }: { collections: CardCollection[]; focus: string | undefined }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const query = (searchParams.get('q') ?? '').trim()
  const [typed, setTyped] = useState(query)

  useEffect(() => {
    const wanted = typed.trim()
    if (wanted === query) return
    const timer = setTimeout(
      // The search is part of the address, so Back from a card returns to the same results; typing adds no history.
      () => setSearchParams(wanted ? { q: wanted } : {}, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [typed, query, setSearchParams])

  const complete = useCompleteAfterFirstPaint()
  let shown = 0
  return (
    <Stack spacing={4}>
      <Box sx={{ maxWidth: 560 }}>
        <OutlinedTextField
          id="place-search"
          type="search"
          label={CATALOGUE_TEXTS.searchLabel}
          placeholder={CATALOGUE_TEXTS.searchPlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          inputProps={{ maxLength: PLACE_SEARCH_MAX_LENGTH }}
          fullWidth
        />
      </Box>
      {query ? (
        <PlaceSearchResults query={query} />
      ) : (
        grouped(collections).map(({ group, collections: members }) => {
          const first = shown
          const visible = complete ? members : members.slice(0, Math.max(0, FIRST_RENDER_COLLECTIONS - first))
          shown += visible.length
          if (visible.length === 0) return null
          return (
            <Box component="section" key={group} aria-labelledby={`group-${group}`}>
              <Typography id={`group-${group}`} variant="h4" component="h2" sx={{ mb: 2 }}>
                {CATALOGUE_TEXTS.groups[group]}
              </Typography>
              <Grid>
                {visible.map((collection, index) => (
                  <CollectionCard
                    key={collection.collectionId}
                    collection={collection}
                    eager={first + index < EAGER_IMAGES}
                    takeFocus={focus === collection.collectionId}
                  />
                ))}
              </Grid>
            </Box>
          )
        })
      )}
    </Stack>
  )
}

/**
 * Whether the whole list may render now. The list holds every collection of the catalogue (some two thousand elements),
 * which takes a phone's main thread for long enough to delay the first images and input. So the first render shows
 * the first few collections and the rest follow as a transition, which React renders in slices between the browser's
 * own work. Going back to a list this app left renders it whole at once, so the scroll position it was left at still
 * exists; a reload or a restored tab has no position to return to, and shows the first few first.
 */
function useCompleteAfterFirstPaint(): boolean {
  const navigationType = useNavigationType()
  const { key } = useLocation()
  const [complete, setComplete] = useState(
    navigationType === NavigationType.Pop && storedScrollPosition(key) !== undefined,
  )
  useEffect(() => {
    if (!complete) startTransition(() => setComplete(true))
  }, [complete])
  return complete
}

interface CollectionCardProps {
  collection: CardCollection
  eager: boolean
  takeFocus: boolean
}

function CollectionCard({ collection, eager, takeFocus }: CollectionCardProps) {
  const headingId = `collection-${collection.collectionId}`
  const browseRef = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (takeFocus) browseRef.current?.focus()
  }, [takeFocus])
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', borderRadius: 2 }}
    >
      <Box
        component="img"
        src={collectionImageUrl(collection.collectionId)}
        alt={`${collection.collectionName} collection`}
        width={800}
        height={500}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        sx={{ width: '100%', height: 'auto', aspectRatio: '8 / 5', display: 'block', bgcolor: 'action.hover' }}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flex: 1 }}>
        <Typography id={headingId} variant="h5" component="h3">
          {collection.collectionName}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {collection.collectionDescription}
        </Typography>
        <Typography variant="subtitle2" component="p">
          {collection.cardCount.toLocaleString('en-US')} cards
        </Typography>
        <Stack
          component="ul"
          direction="row"
          useFlexGap
          aria-label="Cards per rarity"
          sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
        >
          {[...collection.rarityStats]
            .sort((a, b) => b.cardRarity - a.cardRarity)
            .map((stat) => (
              <Stack component="li" key={stat.cardRarity} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <RarityBadge rarity={stat.cardRarity} />
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {stat.cardCount}
                </Typography>
              </Stack>
            ))}
        </Stack>
        <Button
          ref={browseRef}
          variant="contained"
          startIcon={<GridViewIcon aria-hidden />}
          component={RouterLink}
          to={browseHref(collection.collectionId)}
          state={{ focus: FOCUS_BROWSER } satisfies FocusState}
          aria-label={`Browse cards of ${collection.collectionName}`}
          sx={{ mt: 'auto', alignSelf: 'flex-start' }}
        >
          Browse cards
        </Button>
      </CardContent>
    </Card>
  )
}

const Grid = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(3),
  gridTemplateColumns: '1fr',
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
}))
