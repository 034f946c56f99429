import VerifiedIcon from '@mui/icons-material/Verified'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'

import type { GiftUserCardResult, UserCard } from '@shared/collection'
import { PRODUCT_NAME } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { isFailure } from '../../api/errors'
import { CardImage } from '../../components/CardImage'
import { DetailSkeleton } from '../../components/DetailSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { RarityBadge } from '../../components/RarityBadge'
import { ShareLinks } from '../../components/ShareLinks'
import { souvenirFinish } from '../../components/souvenirFinish'
import { usePageTitle } from '../../components/usePageTitle'
import { shareUrl } from '../../lib/config'
import { formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'

import { useGetUserCardQuery } from './api'
import { GiftCardDialog } from './components/GiftCardDialog'
import { RecycleCardDialog } from './components/RecycleCardDialog'

/**
 * Owned copy (docs/product.md#screen-user-card): one copy of a card, its acquisition, its memory, and recycling or
 * giving it to a friend for its owner.
 */
export interface UserCardPageProps {
  /** The memory part of the page, which the memories feature provides: app/ composes the two. */
  renderMemory: (copy: Pick<UserCard, 'userCardId' | 'isOwner' | 'memory'>) => ReactNode
}

export function UserCardPage({ renderMemory }: UserCardPageProps) {
  const { userCardId = '' } = useParams()
  const {
    currentData: userCard,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetUserCardQuery(userCardId, { skip: !userCardId })
  usePageTitle(userCard?.cardName ?? 'My Card')
  const navigate = useNavigate()
  const location = useLocation()

  function handleClose() {
    // Opened from a shared or typed link there is nothing to go back to.
    if (location.key === 'default') navigate(paths.myCollection.href())
    else navigate(-1)
  }

  // A copy already shown stays until the page is left: right after a recycle its refetch answers 404.
  if (userCard) return <UserCardDetails userCard={userCard} onClose={handleClose} renderMemory={renderMemory} />
  if (isLoading) return <DetailSkeleton label="Loading the card" />
  if (isFailure(error)) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (isError || !userCardId) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{TEXTS.userCardNotFound}</Alert>
        <Button variant="outlined" onClick={handleClose}>
          Close
        </Button>
      </Stack>
    )
  }
  return <DetailSkeleton label="Loading the card" />
}

interface UserCardDetailsProps extends UserCardPageProps {
  userCard: UserCard
  onClose: () => void
}

function UserCardDetails({ userCard, onClose, renderMemory }: UserCardDetailsProps) {
  const [confirming, setConfirming] = useState(false)
  const [giving, setGiving] = useState(false)
  const navigate = useNavigate()
  // A souvenir is worth no credit and stays with its traveller (docs/product.md#souvenir-copies).
  const canRecycle = userCard.isOwner && userCard.memory == null && userCard.souvenir !== true
  const canGive = userCard.giftable === true
  // giftable says the owner has another copy of the card; without one, recycling takes the place out of the collection.
  const onlyCopy = canRecycle && userCard.giftable === false
  const memoryFirst = userCard.isOwner && userCard.memory == null
  const memorySection = renderMemory({
    userCardId: userCard.userCardId,
    isOwner: userCard.isOwner,
    memory: userCard.memory,
  })

  function handleRecycled() {
    setConfirming(false)
    enqueueSnackbar(TEXTS.cardRecycled, { variant: 'success' })
    // The copy no longer exists; its place's card page shows what is left of it.
    navigate(paths.card.href(userCard.cardId), { replace: true })
  }

  function handleGiven(result: GiftUserCardResult) {
    setGiving(false)
    enqueueSnackbar(`You gave ${userCard.cardName} to ${result.friendUsername}.`, { variant: 'success' })
    // The copy is the friend's now; the card's page shows the copies still here.
    navigate(paths.card.href(userCard.cardId), { replace: true })
  }

  return (
    <Paper component="article" aria-labelledby="user-card-name" sx={{ p: { xs: 2, md: 4 } }}>
      <Layout>
        <Box
          sx={[
            { width: { xs: '100%', sm: 320 }, maxWidth: 360, mx: { xs: 'auto', md: 0 } },
            userCard.souvenir === true && souvenirFinish,
          ]}
        >
          <CardImage imageId={userCard.image} name={userCard.cardName} rarity={userCard.cardRarity} large eager />
        </Box>
        <Stack spacing={2} sx={{ minWidth: 0, flex: 1 }}>
          <Box>
            <Typography id="user-card-name" variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {userCard.cardName}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <RarityBadge rarity={userCard.cardRarity} size="medium" />
              {userCard.placeVerified && (
                <Chip icon={<VerifiedIcon />} label="Verified visit" color="secondary" variant="outlined" />
              )}
              {userCard.souvenir && <Chip label="Souvenir" color="success" variant="outlined" />}
            </Stack>
          </Box>
          <Facts>
            <dt>Collection</dt>
            <dd>{userCard.collectionName}</dd>
            <dt>Acquired on</dt>
            <dd>{formatDate(userCard.createdAt)}</dd>
            <dt>Acquired by</dt>
            <dd>{userCard.products}</dd>
            {!userCard.isOwner && (
              <>
                <dt>Owner</dt>
                <dd>{userCard.ownerUsername}</dd>
              </>
            )}
          </Facts>
          {/* A copy without a memory leads with adding one; the memory section holds its Add Memory. */}
          {memoryFirst && memorySection}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {canGive && (
              <Button variant="outlined" onClick={() => setGiving(true)}>
                Gift to a friend
              </Button>
            )}
            {/* Destructive and rarely wanted on a new copy: present but never the loudest action. */}
            {canRecycle && (
              <Button variant="outlined" color="inherit" onClick={() => setConfirming(true)}>
                Recycle Card
              </Button>
            )}
            <Button variant="outlined" onClick={onClose}>
              Close
            </Button>
          </Stack>
          <Box component="section" aria-label="Share this card">
            <Typography variant="h6" component="h2" gutterBottom>
              Share
            </Typography>
            <ShareLinks url={shareUrl('card', userCard.userCardId)} title={`${userCard.cardName} on ${PRODUCT_NAME}`} />
          </Box>
        </Stack>
      </Layout>

      {!memoryFirst && <Box sx={{ mt: 4 }}>{memorySection}</Box>}

      {canRecycle && (
        <RecycleCardDialog
          open={confirming}
          userCardId={userCard.userCardId}
          cardId={userCard.cardId}
          cardName={userCard.cardName}
          onlyCopy={onlyCopy}
          onClose={() => setConfirming(false)}
          onRecycled={handleRecycled}
        />
      )}
      {canGive && (
        <GiftCardDialog
          open={giving}
          userCardId={userCard.userCardId}
          cardId={userCard.cardId}
          cardName={userCard.cardName}
          onClose={() => setGiving(false)}
          onGiven={handleGiven}
        />
      )}
    </Paper>
  )
}

const Layout = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  [theme.breakpoints.up('md')]: { flexDirection: 'row', alignItems: 'flex-start' },
}))

const Facts = styled('dl')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(1),
  margin: 0,
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' },
}))
