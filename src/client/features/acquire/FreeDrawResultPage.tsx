import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useParams } from 'react-router-dom'

import { isFailure } from '../../api/errors'
import { cardImageUrl } from '../../components/CardImage'
import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { useArtGatedReveal } from '../../lib/artReveal'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { selectLoggedIn } from '../session/api'

import { useGetFreeCardDrawResultQuery } from './api'
import { DrawnCardTile } from './components/DrawnCardTile'
import { FreeDrawAnimation } from './components/FreeDrawAnimation'
import { useFocusAfterReveal } from './components/useFocusAfterReveal'

export const FREE_DRAW_RESULT_FOR_ACCOUNTS =
  'This card was drawn for free without an account. A free card joins only the account signed up with it, and you are logged in, so it will not be added to your collection.'

/**
 * Free draw result (docs/product.md#screen-free-draw-result): a loading indicator, the long animation, then the card
 * and Collect. A logged-in user who opens a leftover link sees the card plainly, without NEW or a celebration: it can
 * never join their collection.
 */
export function FreeDrawResultPage() {
  usePageTitle('Card Draw Result')
  const loggedIn = useAppSelector(selectLoggedIn)
  const { transactionId = '' } = useParams()
  const { data: card, isLoading, isFetching, isError, error, refetch } = useGetFreeCardDrawResultQuery(transactionId)
  // The art is fetched and decoded while the animation plays, so the card flips in with its picture.
  const { revealed, end } = useArtGatedReveal(card ? [cardImageUrl(card.image, true)] : [])
  const heading = useFocusAfterReveal<HTMLHeadingElement>(revealed)

  const collect = (
    <Button component={RouterLink} to={paths.freeDraw.href()} variant="contained" size="large">
      Collect
    </Button>
  )

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h3" component="h1">
        Card Draw Result
      </Typography>
      {isLoading ? (
        <LoadingState label="Loading your card" />
      ) : !card && isFailure(error) ? (
        <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
      ) : isError || !card ? (
        <EmptyState message="This draw result was not found." action={collect} />
      ) : loggedIn === true ? (
        <Stack spacing={2} alignItems="center">
          <Typography variant="h5" component="h2">
            Free Card Draw Result
          </Typography>
          <Stack sx={{ width: '100%', maxWidth: 320 }}>
            <DrawnCardTile
              image={card.image}
              cardName={card.cardName}
              cardRarity={card.cardRarity}
              isNew={false}
              large
            />
          </Stack>
          <Typography sx={{ maxWidth: 560, textAlign: 'center' }}>{FREE_DRAW_RESULT_FOR_ACCOUNTS}</Typography>
          <Button component={RouterLink} to={paths.digitalDraw.href()} variant="contained" size="large">
            Draw a Random Card
          </Button>
        </Stack>
      ) : revealed ? (
        <Stack spacing={2} alignItems="center">
          <Typography variant="h5" component="h2" ref={heading} tabIndex={-1}>
            Free Card Draw Result
          </Typography>
          <Stack sx={{ width: '100%', maxWidth: 320 }}>
            <DrawnCardTile image={card.image} cardName={card.cardName} cardRarity={card.cardRarity} isNew large />
          </Stack>
          {collect}
        </Stack>
      ) : (
        <FreeDrawAnimation rarity={card.cardRarity} onDone={end} />
      )}
    </Stack>
  )
}
