import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom'

import { AGE_CONFIRMATION_TEXTS, drawPrice } from '@shared/acquire'
import { TEXTS } from '@shared/texts'
import { PAYMENT_REVERSAL_TEXTS } from '@shared/wallet'

import { isApiError, isReplayRefusal, toToast } from '../../api/errors'
import { CreditAmount } from '../../components/CreditAmount'
import { Tour, type TourStep } from '../../components/Tour'
import { usePageTitle } from '../../components/usePageTitle'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { selectLoggedIn, useCurrentUser } from '../session/api'

import { useConfirmAgeMutation, useDrawCardMutation, useGetAgeConfirmationQuery } from './api'
import { AgeDialog } from './components/AgeDialog'
import { DropRatesDialog } from './components/DropRatesDialog'
import { PackDialog } from './components/PackDialog'
import { PityCounter } from './components/PityCounter'
import { missingFromMessage, useInsufficientCreditToast } from './useInsufficientCreditToast'

const TOUR_STEPS: TourStep[] = [
  {
    target: '[data-tour="draw-one"]',
    title: 'Draw 1 Card',
    content: 'Draw one random card from every collection. Rarer cards are rarer to draw.',
  },
  {
    target: '[data-tour="draw-ten"]',
    title: 'Draw 10 Cards',
    content: 'Ten cards at once cost less than ten single draws.',
  },
  {
    target: '[data-tour="drop-rates"]',
    title: 'Drop rates',
    content: 'See the chance of each rarity and the price before you draw.',
  },
]

/**
 * Draw (docs/product.md#screen-draw): choose 1 or 10, pick a pack, draw, then the result page; /digitalDraw/draw|draw10
 * opens the packs at once.
 */
export function DrawPage() {
  usePageTitle('Draw Cards')
  const { anotherDraw } = useParams()
  const loggedIn = useAppSelector(selectLoggedIn)
  const { data: user, isSuccess: userLoaded } = useCurrentUser()
  const digitalCredit = user?.digitalCredit ?? 0
  const [packs, setPacks] = useState<{ tenDraws: boolean } | null>(null)
  // Paid draws ask once for an age confirmation, kept on the server (docs/decisions.md); until it has been read it
  // counts as not given, and confirming again changes nothing.
  const { data: age, isError: ageUnknown } = useGetAgeConfirmationQuery(undefined, { skip: loggedIn !== true })
  const [confirmAge, { isLoading: confirmingAge }] = useConfirmAgeMutation()
  const ageSettled = loggedIn !== true || age !== undefined || ageUnknown
  const [askingAge, setAskingAge] = useState<{ tenDraws: boolean } | null>(null)
  const [ratesOpen, setRatesOpen] = useState(false)
  const [drawCard, { isLoading: drawing }] = useDrawCardMutation()
  const showInsufficientCredit = useInsufficientCreditToast()
  const navigate = useNavigate()
  const location = useLocation()
  const autoStarted = useRef(false)

  function sendToLogin() {
    enqueueSnackbar(TEXTS.loginToDraw, { variant: 'warning' })
    navigate(paths.login.href(location.pathname))
  }

  function handleChoose(tenDraws: boolean) {
    if (loggedIn !== true) {
      sendToLogin()
      return
    }
    // A refund or dispute left the balance negative: spending waits until it is settled (the server refuses too).
    if (user?.digitalCreditOwed) {
      enqueueSnackbar(PAYMENT_REVERSAL_TEXTS.spendingBlocked(user.digitalCreditOwed), { variant: 'warning' })
      return
    }
    const price = drawPrice(tenDraws)
    // Before the account has arrived the balance is unknown; the server then judges the draw.
    if (userLoaded && price > digitalCredit) {
      showInsufficientCredit(price - digitalCredit)
      return
    }
    if (age?.confirmedAt == null) {
      setAskingAge({ tenDraws })
      return
    }
    setPacks({ tenDraws })
  }

  async function handleAgeConfirmed() {
    if (!askingAge) return
    try {
      await confirmAge().unwrap()
      setPacks(askingAge)
    } catch {
      // The shared error toast has said why; the traveller can try again.
    } finally {
      setAskingAge(null)
    }
  }

  function handleAgeDeclined() {
    setAskingAge(null)
    enqueueSnackbar(AGE_CONFIRMATION_TEXTS.refused, { variant: 'info' })
  }

  // A "Draw Another" link starts the same draw once the balance is known.
  useEffect(() => {
    if (autoStarted.current || !userLoaded || !ageSettled || (anotherDraw !== 'draw' && anotherDraw !== 'draw10'))
      return
    autoStarted.current = true
    handleChoose(anotherDraw === 'draw10')
  })

  async function handlePackChosen() {
    if (!packs) return
    const price = drawPrice(packs.tenDraws)
    if (userLoaded && price > digitalCredit) {
      setPacks(null)
      showInsufficientCredit(price - digitalCredit)
      return
    }
    try {
      const result = await drawCard({ tenDraws: packs.tenDraws }).unwrap()
      navigate(paths.digitalDrawResult.href(result.shareId))
    } catch (error) {
      setPacks(null)
      if (!isApiError(error) || isReplayRefusal(error)) return
      if (error.errorCode === 'InsufficientCredit')
        showInsufficientCredit(missingFromMessage(error.message) ?? price - digitalCredit)
      else if (error.status === 401 || error.status === 403) sendToLogin()
      else enqueueSnackbar(toToast(error).message, { variant: toToast(error).variant })
    }
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Box>
        <Typography variant="h3" component="h1">
          Draw a Random Card
        </Typography>
        <Typography color="text.secondary">Open a pack and see which places you collect.</Typography>
      </Box>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
        <DrawChoice
          tourId="draw-one"
          label="Draw 1 Card"
          price={drawPrice(false)}
          ready={userLoaded || loggedIn === false}
          onChoose={() => handleChoose(false)}
        />
        <DrawChoice
          tourId="draw-ten"
          label="Draw 10 Cards"
          price={drawPrice(true)}
          ready={userLoaded || loggedIn === false}
          onChoose={() => handleChoose(true)}
        />
      </Stack>

      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {loggedIn !== false ? (
          <Typography component="span">
            Your balance: <CreditAmount value={digitalCredit} label="Your balance" />
          </Typography>
        ) : (
          <Typography component="span" color="text.secondary">
            Log in to draw with your credit.
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 2 }}>
          {loggedIn === true && (
            <Link component={RouterLink} to={paths.myDraws.href()}>
              My Draws
            </Link>
          )}
          <Link component="button" type="button" onClick={() => setRatesOpen(true)} data-tour="drop-rates">
            Drop rates
          </Link>
        </Box>
      </Box>

      {loggedIn === true && <PityCounter />}

      <PackDialog
        open={packs !== null}
        tenDraws={packs?.tenDraws ?? false}
        price={drawPrice(packs?.tenDraws ?? false)}
        balance={digitalCredit}
        drawing={drawing}
        onPackChosen={handlePackChosen}
        onClose={() => setPacks(null)}
      />
      <AgeDialog
        open={askingAge !== null}
        confirming={confirmingAge}
        onConfirm={() => void handleAgeConfirmed()}
        onClose={handleAgeDeclined}
      />
      <DropRatesDialog open={ratesOpen} onClose={() => setRatesOpen(false)} />
      <Tour name="digitalCardDraw" steps={TOUR_STEPS} ready={packs === null} showProgress />
    </Stack>
  )
}

interface DrawChoiceProps {
  tourId: string
  label: string
  price: number
  /** The balance is known, so the price can be checked against it. */
  ready: boolean
  onChoose: () => void
}

function DrawChoice({ tourId, label, price, ready, onChoose }: DrawChoiceProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
      data-tour={tourId}
    >
      <Button variant="contained" size="large" onClick={onChoose} disabled={!ready} fullWidth>
        {label}
      </Button>
      <CreditAmount value={price} label={`${label} price`} />
    </Paper>
  )
}
