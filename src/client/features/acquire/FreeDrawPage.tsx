import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'

import type { FreeDrawnCard } from '@shared/acquire'

import { CreditAmount } from '../../components/CreditAmount'
import { REGISTRATION_CACHE_KEY, RegistrationForm } from '../../components/RegistrationForm'
import { usePageTitle } from '../../components/usePageTitle'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { selectLoggedIn, useRegisterMutation } from '../session/api'

import { useFreeDrawCardMutation } from './api'
import { DrawnCardTile } from './components/DrawnCardTile'
import { PackButton } from './components/PackButton'
import { readStoredFreeDraw, storeFreeDraw } from './freeDrawStorage'

const PACKS = [1, 2, 3] as const

const SELLING_POINTS = [
  'Own it permanently in your collection',
  'Personalize it with your trip dates, photos and notes',
  'Start your journey and collect the world',
]

export const FREE_DRAW_FOR_VISITORS =
  'The free draw is for new travellers: its card joins the collection of the account made with it. You are logged in, so your cards come from picks and draws with your credit.'

/**
 * Free draw (docs/product.md#screen-free-draw): a visitor draws one card for 0 credit and is invited to sign up to keep
 * it. A logged-in user is not offered it: the card could only ever reach an account created with it, so "NEW" would
 * promise a card never given.
 */
export function FreeDrawPage() {
  usePageTitle('Free Draw Card')
  const loggedIn = useAppSelector(selectLoggedIn)
  const [drawn] = useState(readStoredFreeDraw)
  // Signing up here logs the new account in on its way to the welcome page; that is not someone to turn away.
  const [, registration] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  const offered = !loggedIn || !registration.isUninitialized

  return (
    <Stack spacing={3} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Box>
        <Typography variant="h3" component="h1">
          Draw a Digital Card
        </Typography>
        <Typography variant="h5" component="h2" color="text.secondary">
          Free Draw Card
        </Typography>
      </Box>
      {!offered ? <NotForAccounts /> : drawn ? <DrawnCard card={drawn} /> : <PackChoice />}
    </Stack>
  )
}

function PackChoice() {
  const [freeDraw, { isLoading: drawing }] = useFreeDrawCardMutation()
  const navigate = useNavigate()

  async function handlePackChosen() {
    try {
      const card = await freeDraw().unwrap()
      if (!card.transactionId) return
      storeFreeDraw(card)
      navigate(paths.freeDrawResult.href(card.transactionId))
    } catch {
      // The shared request handling shows why (for example too many draws from this address).
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3 }}>
      <Typography>Please pick a pack below to draw 1 card</Typography>
      <Typography component="p">
        Price: <CreditAmount value={0} label="Price" />
      </Typography>
      <Box
        sx={{ display: 'flex', justifyContent: 'center', gap: { xs: 1, sm: 3 }, width: '100%', position: 'relative' }}
      >
        {PACKS.map((pack) => (
          <PackButton key={pack} label={`Draw from pack ${pack}`} disabled={drawing} onClick={handlePackChosen} />
        ))}
        {drawing && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Drawing" />
          </Box>
        )}
      </Box>
    </Paper>
  )
}

function NotForAccounts() {
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Typography sx={{ maxWidth: 560, textAlign: 'center' }}>{FREE_DRAW_FOR_VISITORS}</Typography>
      <Button component={RouterLink} to={paths.digitalDraw.href()} variant="contained">
        Draw a Random Card
      </Button>
    </Paper>
  )
}

function DrawnCard({ card }: { card: FreeDrawnCard }) {
  const [register, { isLoading: registering }] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} alignItems={{ xs: 'stretch', md: 'flex-start' }}>
      <Box sx={{ flex: 1, maxWidth: { md: 340 }, mx: 'auto', width: '100%' }}>
        <Typography variant="h6" component="p" sx={{ mb: 2, textAlign: 'center' }}>
          Congratulations! You drew a free card.
        </Typography>
        <DrawnCardTile image={card.image} cardName={card.cardName} cardRarity={card.cardRarity} isNew large />
      </Box>
      <Paper sx={{ flex: 1, p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="free-draw-signup">
        <Stack spacing={2}>
          <Typography id="free-draw-signup" variant="h5" component="h2">
            Sign up to keep your card
          </Typography>
          <List dense disablePadding>
            {SELLING_POINTS.map((point) => (
              <ListItem key={point} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <CheckCircleIcon color="secondary" />
                </ListItemIcon>
                <ListItemText primary={point} />
              </ListItem>
            ))}
          </List>
          <Typography color="text.secondary">
            Your card will be waiting in your collection after you sign up.
          </Typography>
          <RegistrationForm
            idPrefix="free-draw"
            freeDrawTransactionId={card.transactionId}
            submitLabel="Sign Up and Keep My Card"
            onRegister={(body) => register(body).unwrap()}
            registering={registering}
          />
        </Stack>
      </Paper>
    </Stack>
  )
}
