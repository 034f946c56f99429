import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useStore } from 'react-redux'
import { Link as RouterLink, useParams } from 'react-router-dom'

import type { CardDrawResult } from '@shared/acquire'
import { PRODUCT_NAME } from '@shared/constants'

import { isFailure } from '../../api/errors'
import type { AppStore } from '../../app/store'
import { cardImageUrl } from '../../components/CardImage'
import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { ShareLinks } from '../../components/ShareLinks'
import { usePageTitle } from '../../components/usePageTitle'
import { useArtGatedReveal } from '../../lib/artReveal'
import { shareUrl } from '../../lib/config'
import { formatCredit } from '../../lib/format'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { useRedeemCreditCertificateMutation } from '../wallet/api'

import { useGetCardDrawResultQuery } from './api'
import { CertificateCard } from './components/CertificateCard'
import { DrawnCardTile } from './components/DrawnCardTile'
import { DrawReveal } from './components/DrawReveal'
import { ExperiencePanel } from './components/ExperiencePanel'
import { useFocusAfterReveal } from './components/useFocusAfterReveal'
import { rarestFirst } from './rarestFirst'

const NOT_FOUND = 'This draw result was not found.'

/**
 * Whether this screen opened on a state Redux DevTools showed (docs/qa-replay.md): a recorded state, or the live one
 * the tester jumped back to. Such a screen shows itself settled, without replaying its entrance animations.
 */
function useOpenedByReplay(): boolean {
  const store = useStore() as AppStore
  const [opened] = useState(() => store.replay.isReplaying() || store.replay.travelled())
  return opened
}

/**
 * Draw result (docs/product.md#screen-draw-result): the reveal, then the cards, the certificate if one was drawn, and
 * the ways on.
 */
export function DrawResultPage() {
  usePageTitle('Draw Result')
  const { transactionId = '' } = useParams()
  const { data: result, isLoading, isFetching, isError, error, refetch } = useGetCardDrawResultQuery(transactionId)
  // A state Redux DevTools jumped to shows the settled result: no reveal, no experience panel (docs/qa-replay.md).
  const settled = useOpenedByReplay()
  // The art is fetched and decoded while the pack opens, so the cards flip in with their pictures.
  const artReveal = useArtGatedReveal(
    result ? result.cardList.map((card) => cardImageUrl(card.image, isSingleCard(result))) : [],
  )
  const revealed = settled || artReveal.revealed
  const heading = useFocusAfterReveal<HTMLHeadingElement>(revealed)

  if (isLoading) return <LoadingState label="Loading your draw" />
  if (!result && isFailure(error)) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (isError || !result) {
    return (
      <EmptyState
        message={NOT_FOUND}
        action={
          <Button component={RouterLink} to={paths.digitalDraw.href()} variant="contained">
            Collect
          </Button>
        }
      />
    )
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h3" component="h1" ref={heading} tabIndex={-1}>
        {result.tenDraws ? 'Your 10 Cards' : 'Your Card'}
      </Typography>
      {revealed ? (
        <DrawnResult result={result} settled={settled} />
      ) : (
        <DrawReveal highestRarity={result.highestRarity} extraCards={result.tenDraws ? 9 : 0} onDone={artReveal.end} />
      )}
    </Stack>
  )
}

/** A single card is shown large; its art is the large rendering. */
function isSingleCard(result: CardDrawResult): boolean {
  return !result.tenDraws && result.cardList.length === 1
}

function DrawnResult({ result, settled }: { result: CardDrawResult; settled: boolean }) {
  const [redeem, { isLoading: redeeming }] = useRedeemCreditCertificateMutation()
  const { refetch } = useGetCardDrawResultQuery(result.shareId)
  const single = isSingleCard(result)
  // The reveal builds up to the best card, so the grid opens on it: rarest first, in drawn order within a rarity.
  const cardsInOrder = rarestFirst(result.cardList)

  async function handleRedeem() {
    if (!result.certificate) return
    try {
      const redeemed = await redeem({ redeemCode: result.certificate.redeemCode }).unwrap()
      enqueueSnackbar(`${formatCredit(redeemed.creditValue)} Digital Credits were added to your wallet.`, {
        variant: 'success',
      })
      void refetch()
    } catch {
      // The shared request handling shows the server's warning.
    }
  }

  return (
    <>
      {!settled && <ExperiencePanel result={result.expGainResult} />}
      <Box
        component="ul"
        aria-label="Drawn cards"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          justifyContent: 'center',
          gridTemplateColumns: single
            ? 'minmax(0, 300px)'
            : { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        {cardsInOrder.map((card, index) => (
          <li key={`${card.cardId}-${index}`}>
            <DrawnCardTile
              image={card.image}
              cardName={card.cardName}
              cardRarity={card.cardRarity}
              isNew={card.isNew}
              order={index}
              large={single}
            />
          </li>
        ))}
        {result.certificate && (
          <li>
            <CertificateCard certificate={result.certificate} redeeming={redeeming} onRedeem={handleRedeem} />
          </li>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
        <Button component={RouterLink} to={paths.digitalDraw.href()} variant="outlined" size="large">
          Collect
        </Button>
        {/* Collect goes back to the draw (SPEC); the cards themselves wait in the collection, one tap away. */}
        <Button component={RouterLink} to={paths.myCollection.href()} variant="outlined" size="large">
          See in My Collection
        </Button>
        {result.tenDraws ? (
          <Button component={RouterLink} to={paths.digitalDraw.href('draw10')} variant="contained" size="large">
            Draw Another 10
          </Button>
        ) : (
          <Button component={RouterLink} to={paths.digitalDraw.href('draw')} variant="contained" size="large">
            Draw Another
          </Button>
        )}
      </Stack>
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.myDraws.href()}>
          See all your draws
        </Link>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          Share your draw
        </Typography>
        <ShareLinks url={shareUrl('draw', result.shareId)} title={`Look what I drew on ${PRODUCT_NAME}!`} />
      </Box>
    </>
  )
}
