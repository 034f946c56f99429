import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import { alpha, styled } from '@mui/material/styles'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { CardCollection, CollectionCard } from '@shared/catalogue'
import { CATALOGUE_TEXTS } from '@shared/catalogueTexts'
import { rarityName, RARITIES } from '@shared/constants'

import { CardGridSkeleton } from '../../../components/CardGridSkeleton'
import { CardImage } from '../../../components/CardImage'
import { EmptyState } from '../../../components/EmptyState'
import { LoadFailed } from '../../../components/LoadFailed'
import { RarityBadge } from '../../../components/RarityBadge'
import { paths } from '../../../lib/paths'
import { useGetCardsOfCollectionQuery } from '../api'

/** The first cards of the grid are in view at once; the rest load as the user scrolls. */
const EAGER_CARDS = 8
/** Cards laid out at a time: a collection of a hundred places stays a short page until the traveller asks for more. */
export const CARDS_PER_PAGE = 48

export interface CollectionCardsBrowserProps {
  collection: CardCollection
  rarity: number
  onRarityChange: (rarity: number) => void
  /** The list of all collections, with the focus to restore there. */
  closeTo: { pathname: string; state: unknown }
  /** True when the user just opened it, so keyboard and screen-reader focus follow; false when Back returns to it. */
  takeFocus: boolean
}

/** One collection's cards at one rarity, each leading to its card page. */
export function CollectionCardsBrowser({
  collection,
  rarity,
  onRarityChange,
  closeTo,
  takeFocus,
}: CollectionCardsBrowserProps) {
  const {
    currentData: cards,
    isFetching,
    isError,
    refetch,
  } = useGetCardsOfCollectionQuery({ collectionId: collection.collectionId, rarity })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const countOf = (value: number) => collection.rarityStats.find((stat) => stat.cardRarity === value)?.cardCount ?? 0

  useEffect(() => {
    if (takeFocus) headingRef.current?.focus({ preventScroll: true })
  }, [takeFocus, collection.collectionId])

  const panelId = `cards-${collection.collectionId}`
  return (
    <Box component="section" aria-labelledby="browse-heading">
      <Button
        component={RouterLink}
        to={closeTo.pathname}
        state={closeTo.state}
        startIcon={<ArrowBackIcon aria-hidden />}
        sx={{ mb: 1 }}
      >
        All collections
      </Button>
      <Typography
        id="browse-heading"
        ref={headingRef}
        tabIndex={-1}
        variant="h4"
        component="h2"
        sx={{ outline: 'none' }}
      >
        {collection.collectionName}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5, maxWidth: '70ch' }}>
        {collection.collectionDescription}
      </Typography>
      <RarityChoice
        value={rarity}
        exclusive
        onChange={(_event, value: number | null) => {
          // Pressing the chosen rarity again keeps it: some rarity is always shown.
          if (value !== null) onRarityChange(value)
        }}
        aria-label="Rarity"
      >
        {RARITIES.map((info) => (
          <ToggleButton
            key={info.rarity}
            value={info.rarity}
            disableRipple
            aria-label={`${info.name}, ${countOf(info.rarity)} cards`}
            aria-controls={panelId}
          >
            <RarityBadge rarity={info.rarity} />
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {countOf(info.rarity)}
            </Typography>
          </ToggleButton>
        ))}
      </RarityChoice>
      <Box id={panelId} aria-live="polite" aria-busy={isFetching} sx={{ pt: 2 }}>
        {cards ? (
          cards.length ? (
            <PagedCards
              key={`${collection.collectionId}-${rarity}`}
              cards={cards}
              label={`${collection.collectionName}, ${rarityName(rarity)} cards`}
            />
          ) : (
            <EmptyState message={`No ${rarityName(rarity)} cards in this collection yet.`} />
          )
        ) : isError ? (
          <LoadFailed message="The cards could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <CardGridSkeleton label="Loading the cards" gridSx={CARD_GRID_COLUMNS} />
        )}
      </Box>
    </Box>
  )
}

/**
 * The cards a page at a time: "Show more cards" lays out the next page and takes the keyboard focus to its first card,
 * so a grid of a hundred places never renders all at once.
 */
function PagedCards({ cards, label }: { cards: CollectionCard[]; label: string }) {
  const [shown, setShown] = useState(CARDS_PER_PAGE)
  const [focusIndex, setFocusIndex] = useState<number | null>(null)
  const visible = cards.slice(0, shown)
  return (
    <>
      <CardGrid aria-label={label}>
        {visible.map((card, index) => (
          <CardTile key={card.cardId} card={card} eager={index < EAGER_CARDS} takeFocus={index === focusIndex} />
        ))}
      </CardGrid>
      {cards.length > shown && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => {
              setFocusIndex(shown)
              setShown(shown + CARDS_PER_PAGE)
            }}
          >
            {CATALOGUE_TEXTS.showMoreCards}
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {CATALOGUE_TEXTS.cardsShown(visible.length, cards.length)}
          </Typography>
        </Box>
      )}
    </>
  )
}

function CardTile({ card, eager, takeFocus }: { card: CollectionCard; eager: boolean; takeFocus: boolean }) {
  const owned = card.owned > 0 ? `, you own ${card.owned}` : ''
  const linkRef = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (takeFocus) linkRef.current?.focus()
  }, [takeFocus])
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        ref={linkRef}
        component={RouterLink}
        to={paths.card.href(card.cardId)}
        aria-label={`${card.cardName}, ${rarityName(card.cardRarity)}${owned}`}
        sx={{
          p: 1,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardImage imageId={card.image} name={card.cardName} rarity={card.cardRarity} eager={eager} />
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, mt: 1 }}>
          <Typography
            variant="subtitle2"
            component="span"
            sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {card.cardName}
          </Typography>
          {card.owned > 0 && (
            <Chip size="small" color="secondary" label={`x${card.owned}`} sx={{ fontWeight: 700, height: 22 }} />
          )}
        </Box>
      </CardActionArea>
    </Card>
  )
}

/** The five rarities as separate pills that wrap onto a second line on a phone, instead of a strip that hides some. */
const RarityChoice = styled(ToggleButtonGroup)(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1),
  marginTop: theme.spacing(2),
  paddingBottom: theme.spacing(2),
  borderBottom: `1px solid ${theme.palette.divider}`,
  '&& .MuiToggleButton-root': {
    gap: theme.spacing(0.75),
    margin: 0,
    padding: theme.spacing(0.5, 1.25, 0.5, 0.5),
    border: `2px solid ${theme.palette.divider}`,
    borderRadius: 999,
    textTransform: 'none',
    color: theme.palette.text.primary,
  },
  // The ripple would draw over the badge's colours; the chosen pill gets a strong border and tint instead.
  '&& .MuiToggleButton-root.Mui-selected': {
    borderColor: theme.palette.primary.main,
    backgroundColor: alpha(theme.palette.primary.main, 0.12),
  },
  '&& .MuiToggleButton-root.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}))

/** The card grid's columns, shared with its loading placeholders. */
const CARD_GRID_COLUMNS = {
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' },
} as const

const CardGrid = styled('ul')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(1.5),
  margin: 0,
  padding: 0,
  gridTemplateColumns: CARD_GRID_COLUMNS.gridTemplateColumns.xs,
  [theme.breakpoints.up('sm')]: {
    gridTemplateColumns: CARD_GRID_COLUMNS.gridTemplateColumns.sm,
    gap: theme.spacing(2),
  },
}))
