import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useMemo, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom'

import { pickPrice, type PickCardResult } from '@shared/acquire'
import { searchable, type CollectionCard } from '@shared/catalogue'
import { rarityName } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { isApiError, isFailure, isReplayRefusal, toToast } from '../../api/errors'
import { CardGridSkeleton } from '../../components/CardGridSkeleton'
import { CardImage } from '../../components/CardImage'
import { CreditAmount } from '../../components/CreditAmount'
import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { Tour, type TourStep } from '../../components/Tour'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { useGetCardCollectionsQuery, useGetCardsOfCollectionQuery } from '../catalogue/api'
import { useCurrentUser } from '../session/api'

import { usePickCardMutation } from './api'
import { AcquireCardDialog } from './components/AcquireCardDialog'
import { CardAcquiredDialog } from './components/CardAcquiredDialog'

const TOUR_STEPS: TourStep[] = [
  {
    target: '[data-tour="pick-collection"]',
    title: 'Collection',
    content: 'Choose the card collection you want to pick from.',
  },
  {
    target: '[data-tour="pick-cards"]',
    title: 'Cards',
    content: 'Choose a card to acquire. Cards you already own carry an Owned badge.',
  },
  {
    target: '[data-tour="pick-other-rarity"]',
    title: 'Other rarity',
    content: 'Switch between Common and Special cards here.',
  },
]

/**
 * Pick (docs/product.md#screen-pick): a chosen Common or Special card, bought for its price; other rarities are
 * refused.
 */
export function PickPage() {
  const rarity = Number(useParams().rarity)
  const price = pickPrice(rarity)
  usePageTitle(price === null ? 'Pick a Card' : `Pick a ${rarityName(rarity)} Card`)
  if (price === null) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h3" component="h1">
          Pick a Card
        </Typography>
        <Alert severity="warning">
          Only Common and Special cards can be picked. Draw a random card for a chance at rarer ones.
        </Alert>
        <Box>
          <Button component={RouterLink} to={paths.acquireCards.href()} variant="contained">
            Back to Acquire Cards
          </Button>
        </Box>
      </Stack>
    )
  }
  return <Pick key={rarity} rarity={rarity} price={price} />
}

interface PickProps {
  rarity: number
  price: number
}

type CardOrder = 'catalogue' | 'name' | 'notOwned'

/** The cards' grid, shared with its loading placeholders so nothing moves when the cards arrive. */
const PICK_GRID_COLUMNS = {
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
    lg: 'repeat(6, minmax(0, 1fr))',
  },
} as const

const CARD_ORDERS: { value: CardOrder; label: string }[] = [
  { value: 'catalogue', label: 'Collection order' },
  { value: 'name', label: 'Name (A to Z)' },
  { value: 'notOwned', label: 'Not owned first' },
]

function shownCards(cards: CollectionCard[], query: string, order: CardOrder): CollectionCard[] {
  const wanted = searchable(query.trim())
  const found = wanted ? cards.filter((card) => searchable(card.cardName).includes(wanted)) : [...cards]
  if (order === 'name') found.sort((a, b) => a.cardName.localeCompare(b.cardName, 'en'))
  // A stable sort keeps the collection's order among the owned and among the rest.
  if (order === 'notOwned') found.sort((a, b) => Number(a.owned > 0) - Number(b.owned > 0))
  return found
}

function Pick({ rarity, price }: PickProps) {
  const digitalCredit = useCurrentUser().data?.digitalCredit ?? 0
  const {
    data: collections,
    isLoading: collectionsLoading,
    isFetching: collectionsFetching,
    error: collectionsError,
    refetch: refetchCollections,
  } = useGetCardCollectionsQuery()
  const [chosenCollectionId, setChosenCollectionId] = useState<string | null>(null)
  const collectionId = chosenCollectionId ?? collections?.[0]?.collectionId ?? null
  const { data: cards, isFetching: cardsLoading } = useGetCardsOfCollectionQuery(
    { collectionId: collectionId ?? '', rarity },
    { skip: collectionId === null },
  )
  const [query, setQuery] = useState('')
  const [order, setOrder] = useState<CardOrder>('catalogue')
  const shown = useMemo(() => shownCards(cards ?? [], query, order), [cards, query, order])
  const [selected, setSelected] = useState<CollectionCard | null>(null)
  const [acquired, setAcquired] = useState<PickCardResult | null>(null)
  const [pickCard, { isLoading: acquiring }] = usePickCardMutation()
  const navigate = useNavigate()
  const location = useLocation()
  const noCollections = collections?.length === 0
  const otherRarity = rarity === 1 ? 2 : 1

  useEffect(() => {
    if (noCollections) enqueueSnackbar(TEXTS.noCardCollectionsFound, { variant: 'warning', preventDuplicate: true })
  }, [noCollections])

  async function handleAcquire() {
    if (!selected) return
    try {
      const result = await pickCard({ selectedCardId: selected.cardId }).unwrap()
      setSelected(null)
      setAcquired(result)
    } catch (error) {
      if (!isApiError(error) || isReplayRefusal(error)) return
      if (error.status === 401 || error.status === 403) {
        enqueueSnackbar(TEXTS.loginToPerform, { variant: 'warning' })
        navigate(paths.login.href(location.pathname))
        return
      }
      const toast = toToast(error)
      enqueueSnackbar(toast.message, { variant: toast.variant })
    }
  }

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        <Box>
          <Typography variant="h3" component="h1">
            Pick a {rarityName(rarity)} Card
          </Typography>
          <Typography color="text.secondary" component="p">
            Each card costs <CreditAmount value={price} label="Price" />. Your balance:{' '}
            <CreditAmount value={digitalCredit} label="Your balance" />
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={paths.digitalPick.href(otherRarity)}
          variant="outlined"
          data-tour="pick-other-rarity"
        >
          Pick {rarityName(otherRarity)} Cards
        </Button>
      </Box>

      {collectionsLoading ? (
        <LoadingState label="Loading card collections" />
      ) : !collections && isFailure(collectionsError) ? (
        <LoadFailed
          message="The card collections could not be loaded."
          onRetry={() => void refetchCollections()}
          retrying={collectionsFetching}
        />
      ) : noCollections ? (
        <EmptyState message={TEXTS.noCardCollectionsFound} />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: '2fr 2fr 1.5fr' },
            }}
          >
            <FormControl fullWidth data-tour="pick-collection">
              <InputLabel id="pick-collection-label">Card collection</InputLabel>
              <Select
                labelId="pick-collection-label"
                label="Card collection"
                value={collectionId ?? ''}
                onChange={(event) => setChosenCollectionId(event.target.value)}
              >
                {(collections ?? []).map((collection) => (
                  <MenuItem key={collection.collectionId} value={collection.collectionId}>
                    {collection.collectionName}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <TextField
              type="search"
              label="Search places"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoComplete="off"
            />
            <FormControl fullWidth>
              <InputLabel id="pick-order-label">Sort by</InputLabel>
              <Select
                labelId="pick-order-label"
                label="Sort by"
                value={order}
                onChange={(event) => setOrder(event.target.value)}
              >
                {CARD_ORDERS.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Box>

          {cardsLoading && !cards ? (
            <CardGridSkeleton label="Loading cards" gridSx={PICK_GRID_COLUMNS} />
          ) : query.trim() !== '' && shown.length === 0 ? (
            <EmptyState message={`No ${rarityName(rarity)} card in this collection matches "${query.trim()}".`} />
          ) : (
            <Box
              component="ul"
              aria-label="Cards"
              data-tour="pick-cards"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                ...PICK_GRID_COLUMNS,
              }}
            >
              {shown.map((card, index) => (
                <li key={card.cardId}>
                  <ButtonBase
                    focusRipple
                    onClick={() => setSelected(card)}
                    aria-label={`Pick ${card.cardName}${card.owned > 0 ? ', Owned' : ''}`}
                    sx={{
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'stretch',
                      width: '100%',
                      borderRadius: 2,
                      textAlign: 'left',
                    }}
                  >
                    <CardImage imageId={card.image} name={card.cardName} rarity={card.cardRarity} eager={index < 6} />
                    {/* Beside the name rather than over the picture, where it covered the flag. */}
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, minWidth: 0 }}>
                      <Typography variant="subtitle2" component="span" noWrap sx={{ flex: 1, minWidth: 0 }}>
                        {card.cardName}
                      </Typography>{' '}
                      {/* After the name with a space between: the visible text reads as the name does (WCAG 2.5.3). */}
                      {card.owned > 0 && <Chip label="Owned" color="primary" size="small" />}
                    </Box>
                  </ButtonBase>
                </li>
              ))}
            </Box>
          )}
        </>
      )}

      <AcquireCardDialog
        card={selected}
        price={price}
        balance={digitalCredit}
        acquiring={acquiring}
        onAcquire={handleAcquire}
        onCancel={() => setSelected(null)}
      />
      <CardAcquiredDialog result={acquired} onClose={() => setAcquired(null)} />
      <Tour
        name="digitalCardPick"
        steps={TOUR_STEPS}
        ready={!collectionsLoading && !cardsLoading && !noCollections}
        showProgress
      />
    </Stack>
  )
}
