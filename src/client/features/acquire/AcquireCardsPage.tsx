import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { PricesResult } from '@shared/acquire'
import { PHYSICAL_CARDS_AVAILABLE, rarityName } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { CreditAmount } from '../../components/CreditAmount'
import { LoadingState } from '../../components/LoadingState'
import { RarityBadge } from '../../components/RarityBadge'
import { Tour, type TourStep } from '../../components/Tour'
import { usePageTitle } from '../../components/usePageTitle'
import { formatCredit } from '../../lib/format'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'

import { useGetPricesQuery, useRequestPhysicalCardsNoticeMutation } from './api'

type CardType = 'digital' | 'physical'

const ACQUIRE_TOUR: TourStep[] = [
  {
    target: '[data-tour="acquire-type"]',
    title: 'Acquire Cards',
    content: 'Choose Digital cards to collect in the app now, or see what is coming for physical cards.',
  },
]

const DIGITAL_TOUR: TourStep[] = [
  {
    target: '[data-tour="digital-pick"]',
    title: 'Pick a Single Card',
    content: 'Choose exactly the Common or Special card you want.',
  },
  {
    target: '[data-tour="digital-draw"]',
    title: 'Draw a Random Card',
    content: 'Draw random cards of any rarity, up to Legendary.',
  },
]

/**
 * Acquire Cards (docs/product.md#screen-acquire-cards): Digital (pick or draw) or Physical (prices and a notice);
 * prices come from the server.
 */
export function AcquireCardsPage() {
  usePageTitle('Acquire Cards')
  const [type, setType] = useState<CardType | null>(null)
  const { data: prices, isLoading } = useGetPricesQuery()

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h3" component="h1">
        Acquire Cards
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={type}
        onChange={(_event, value: CardType | null) => value && setType(value)}
        aria-label="Card type"
        color="primary"
        fullWidth
        data-tour="acquire-type"
      >
        <CardTypeButton value="digital" title="Digital" detail="Pick or draw cards for your collection now" />
        <CardTypeButton
          value="physical"
          title="Physical"
          detail={`Printed cards, coming in ${PHYSICAL_CARDS_AVAILABLE}`}
        />
      </ToggleButtonGroup>

      {isLoading || !prices ? (
        type && <LoadingState label="Loading prices" />
      ) : type === 'digital' ? (
        <DigitalOptions prices={prices} />
      ) : type === 'physical' ? (
        <PhysicalOptions prices={prices} />
      ) : null}

      <Tour name="acquireCards" steps={ACQUIRE_TOUR} />
      {type === 'digital' && (
        <Tour name="digitalCards" steps={DIGITAL_TOUR} ready={prices !== undefined} showProgress />
      )}
    </Stack>
  )
}

/**
 * A card type with what it offers, so the page says where each choice leads before one is made. The button's name
 * stays the type alone; what it offers is its description.
 */
function CardTypeButton({ value, title, detail }: { value: CardType; title: string; detail: string }) {
  const detailId = `card-type-${value}-detail`
  return (
    <ToggleButton
      value={value}
      aria-describedby={detailId}
      sx={{ py: 2, flexDirection: 'column', gap: 0.5, textTransform: 'none' }}
    >
      <Box component="span" sx={{ fontSize: '1.1rem', fontWeight: 600, textTransform: 'uppercase' }}>
        {title}
      </Box>
      <Box component="span" id={detailId} aria-hidden sx={{ typography: 'body2' }}>
        {detail}
      </Box>
    </ToggleButton>
  )
}

function DigitalOptions({ prices }: { prices: PricesResult }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Option
        tourId="digital-pick"
        title="Pick a Single Card"
        text="Choose the exact card you want. Choose its rarity:"
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <RarityChoice rarity={1} price={prices.priceDigitalCardPickCommon} />
          <RarityChoice rarity={2} price={prices.priceDigitalCardPickSpecial} />
        </Stack>
      </Option>
      <Option
        tourId="digital-draw"
        title="Draw a Random Card"
        text="Draw 1 or 10 random cards of any rarity, from Common to Legendary."
      >
        <Typography component="p">
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            1 card: <CreditAmount value={prices.priceDigitalCardDraw} label="Price of 1 card" />
          </Box>{' '}
          ·{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            10 cards: <CreditAmount value={prices.priceDigitalCardTenDraws} label="Price of 10 cards" />
          </Box>
        </Typography>
        <Button component={RouterLink} to={paths.digitalDraw.href()} variant="contained" size="large">
          Draw a Random Card
        </Button>
      </Option>
    </Stack>
  )
}

function RarityChoice({ rarity, price }: { rarity: 1 | 2; price: number }) {
  return (
    <Button
      component={RouterLink}
      to={paths.digitalPick.href(rarity)}
      variant="outlined"
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5, py: 1.5 }}
      // The name holds the visible rarity and price in their order (WCAG 2.5.3 Label in Name).
      aria-label={`Pick a card: ${rarityName(rarity)}, ${formatCredit(price)} credit`}
    >
      <RarityBadge rarity={rarity} /> <CreditAmount value={price} />
    </Button>
  )
}

function PhysicalOptions({ prices }: { prices: PricesResult }) {
  const [requestNotice, { isLoading: requesting }] = useRequestPhysicalCardsNoticeMutation()
  // The request is stored (one per account) so the announcement can be mailed; SPEC's toast confirms it. A failure
  // gets the shared error toast instead.
  async function notifyMe() {
    const stored = await requestNotice()
      .unwrap()
      .then(() => true)
      .catch(() => false)
    if (stored) enqueueSnackbar(TEXTS.physicalNotify, { variant: 'success' })
  }
  const items = [
    { title: 'Single Card', text: 'The card of your choice, printed.', price: prices.pricePhysicalCardPick },
    {
      title: 'Random Card Draw',
      text: `A random printed card; ten for ${formatCredit(prices.pricePhysicalCardTenDraws)}.`,
      price: prices.pricePhysicalCardDraw,
    },
    { title: 'Card Packet', text: 'A sealed packet of printed cards.', price: prices.pricePhysicalCardPacket },
  ]
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {items.map((item) => (
          <Option key={item.title} title={item.title} text={item.text}>
            <CreditAmount value={item.price} kind="physical" label={`${item.title} price`} />
          </Option>
        ))}
      </Stack>
      <Alert
        severity="info"
        action={
          <Button color="inherit" disabled={requesting} onClick={() => void notifyMe()}>
            Get Notified
          </Button>
        }
      >
        Physical cards will be available in {PHYSICAL_CARDS_AVAILABLE}.
      </Alert>
    </Stack>
  )
}

interface OptionProps {
  title: string
  text: string
  tourId?: string
  children: ReactNode
}

function Option({ title, text, tourId, children }: OptionProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}
      data-tour={tourId}
    >
      <Box>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
      {children}
    </Paper>
  )
}
