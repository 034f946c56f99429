import AutoStoriesIcon from '@mui/icons-material/AutoStories'
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd'
import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import VerifiedIcon from '@mui/icons-material/Verified'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom'

import type { Card } from '@shared/catalogue'
import { rarityName, TRUNCATE_CARD_PAGE } from '@shared/constants'
import type { PlaceTravel } from '@shared/travel'

import { isFailure } from '../../api/errors'
import { CardImage } from '../../components/CardImage'
import { DetailSkeleton } from '../../components/DetailSkeleton'
import { ExpandableText } from '../../components/ExpandableText'
import { FriendsToAsk } from '../../components/FriendsToAsk'
import { LoadFailed } from '../../components/LoadFailed'
import { RarityBadge } from '../../components/RarityBadge'
import { souvenirFinish } from '../../components/souvenirFinish'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'
import { useGetPlaceTravelQuery, useRemoveVerificationMutation, useSetWantToGoMutation } from '../travel/api'

import { useGetCardQuery, useSetBeenThereMutation } from './api'
import { LocalTime } from './components/LocalTime'

export const HAS_MEMORY_TOOLTIP = 'This card has a memory.'

/**
 * The card page (docs/product.md#screen-card): the card, its been-there stamp, the caller's copies and their other
 * rarities.
 */
export function CardPage() {
  const { cardId = '' } = useParams()
  const {
    currentData: card,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetCardQuery(cardId, {
    skip: !cardId,
  })
  usePageTitle(card?.cardName ?? 'Card')
  const navigate = useNavigate()
  const location = useLocation()

  function handleClose() {
    // Opened from a typed or shared link there is nothing to go back to.
    if (location.key === 'default') navigate(paths.cardCollections.href())
    else navigate(-1)
  }

  if (card) return <CardDetails card={card} onClose={handleClose} onChanged={refetch} />
  if (isFailure(error)) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (isError || !cardId) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">Card not found</Alert>
        <Button variant="outlined" onClick={handleClose}>
          Close
        </Button>
      </Stack>
    )
  }
  return <DetailSkeleton label={isLoading ? 'Loading the card' : 'Loading'} />
}

interface CardDetailsProps {
  card: Card
  onClose: () => void
  onChanged: () => void
}

function CardDetails({ card, onClose, onChanged }: CardDetailsProps) {
  const [setBeenThere, { isLoading: saving }] = useSetBeenThereMutation()
  const { data: travel } = useGetPlaceTravelQuery(card.cardId)
  const verified = travel?.verification != null

  async function handleToggleBeenThere() {
    // A refusal is shown by the shared error toast; either way the card is reloaded
    // (docs/product.md#been-there-states).
    await setBeenThere({ cardId: card.cardId, value: !card.beenThere })
    onChanged()
  }

  return (
    <Paper component="article" aria-labelledby="card-name" sx={{ p: { xs: 2, md: 4 } }}>
      <Layout>
        <ImageColumn>
          <CardImage imageId={card.image} name={card.cardName} rarity={card.cardRarity} large eager />
          {verified ? (
            <Stamp role="img" aria-label="Verified visit">
              <VerifiedIcon fontSize="small" aria-hidden />
              Verified
            </Stamp>
          ) : (
            card.beenThere && (
              <Stamp role="img" aria-label="Been there">
                <CheckCircleIcon fontSize="small" aria-hidden />
                Been there
              </Stamp>
            )
          )}
        </ImageColumn>
        <Stack spacing={2.5} sx={{ minWidth: 0, flex: 1 }}>
          <Box>
            <Typography id="card-name" variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {card.cardName}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <RarityBadge rarity={card.cardRarity} size="medium" />
              <Typography variant="subtitle1" component="p" color="text.secondary">
                {card.collectionName}
              </Typography>
            </Stack>
          </Box>
          <Box>
            <ExpandableText text={card.cardDescription} limit={TRUNCATE_CARD_PAGE} />
            {card.timeZone && <LocalTime timeZone={card.timeZone} />}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {/* The traveller's own mark, as SPEC has it; beside a verified visit it is no longer the call to action. */}
            <Button
              variant={card.beenThere || verified ? 'outlined' : 'contained'}
              color="secondary"
              onClick={handleToggleBeenThere}
              disabled={saving}
              startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {card.beenThere ? "I've Not Been There" : "I've Been There"}
            </Button>
            <Button variant="outlined" onClick={onClose}>
              Close
            </Button>
          </Stack>
          {travel && <PlaceTravelSection card={card} travel={travel} onChanged={onChanged} />}

          <Box component="section" aria-labelledby="my-copies">
            <Typography id="my-copies" variant="h6" component="h2" gutterBottom>
              {copiesHeading(card.mine.length)}
            </Typography>
            {card.mine.length > 0 && (
              <Thumbnails>
                {card.mine.map((copy, index) => (
                  <CopyThumbnail
                    key={copy.userCardId}
                    userCardId={copy.userCardId}
                    imageId={card.image}
                    name={card.cardName}
                    rarity={card.cardRarity}
                    label={`${card.cardName}, copy ${index + 1}${copy.souvenir ? ', Souvenir' : ''}`}
                    hasMemory={copy.hasMemory}
                    souvenir={copy.souvenir === true}
                  />
                ))}
              </Thumbnails>
            )}
          </Box>

          {card.otherRarity.length > 0 && (
            <Box component="section" aria-labelledby="other-rarities">
              <Typography id="other-rarities" variant="h6" component="h2" gutterBottom>
                My copies in other rarities
              </Typography>
              <Thumbnails>
                {[...card.otherRarity]
                  .sort((a, b) => b.cardRarity - a.cardRarity)
                  .map((copy) => (
                    <CopyThumbnail
                      key={copy.userCardId}
                      userCardId={copy.userCardId}
                      imageId={copy.image}
                      name={card.cardName}
                      rarity={copy.cardRarity}
                      label={`${card.cardName}, ${rarityName(copy.cardRarity)}`}
                      hasMemory={copy.hasMemory}
                      showRarity
                    />
                  ))}
              </Thumbnails>
            </Box>
          )}
        </Stack>
      </Layout>
    </Paper>
  )
}

interface PlaceTravelSectionProps {
  card: Card
  travel: PlaceTravel
  onChanged: () => void
}

/**
 * The place's verified visit (with Remove verification), or for a place not been to, "Want to go" and the friends
 * who have been there (docs/product.md#screen-card).
 */
function PlaceTravelSection({ card, travel, onChanged }: PlaceTravelSectionProps) {
  const [setWantToGo, { isLoading: savingWish }] = useSetWantToGoMutation()
  const [removeVerification, { isLoading: removing }] = useRemoveVerificationMutation()
  const { verification } = travel

  if (verification) {
    return (
      <Alert
        severity="success"
        icon={<VerifiedIcon />}
        action={
          <Button
            color="inherit"
            size="small"
            disabled={removing}
            onClick={async () => {
              await removeVerification({ cardId: card.cardId })
              onChanged()
            }}
          >
            Remove verification
          </Button>
        }
      >
        Visit verified by a photo in your memory
        {verification.takenOn ? `, taken on ${formatDate(verification.takenOn)}` : ''}.
      </Alert>
    )
  }
  if (card.beenThere) return null
  return (
    <Box component="section" aria-labelledby="want-to-go">
      <Typography id="want-to-go" variant="h6" component="h2" gutterBottom>
        Not been there yet?
      </Typography>
      <Button
        variant={travel.wantToGo ? 'outlined' : 'contained'}
        startIcon={travel.wantToGo ? <BookmarkAddedIcon /> : <BookmarkAddIcon />}
        aria-pressed={travel.wantToGo}
        disabled={savingWish}
        onClick={() => void setWantToGo({ cardId: card.cardId, value: !travel.wantToGo })}
      >
        Want to go
      </Button>
      {travel.wantToGo && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          On your list on{' '}
          <Link component={RouterLink} to={paths.myMap.href()}>
            My Map
          </Link>
          .
        </Typography>
      )}
      <Box sx={{ mt: 1.5 }}>
        <FriendsToAsk friends={travel.friends} />
      </Box>
    </Box>
  )
}

function copiesHeading(count: number): string {
  if (count === 0) return "You don't own a copy of this card yet."
  return count === 1 ? 'You own 1 copy of this card' : `You own ${count} copies of this card`
}

interface CopyThumbnailProps {
  userCardId: string
  imageId: string
  name: string
  rarity: number
  label: string
  hasMemory: boolean
  /** A Souvenir copy: its own finish and label. */
  souvenir?: boolean
  showRarity?: boolean
}

function CopyThumbnail({
  userCardId,
  imageId,
  name,
  rarity,
  label,
  hasMemory,
  souvenir = false,
  showRarity = false,
}: CopyThumbnailProps) {
  return (
    <Stack component="li" spacing={0.5} sx={{ alignItems: 'center' }}>
      <ThumbnailLink
        to={paths.userCard.href(userCardId)}
        aria-label={label}
        className={souvenir ? 'souvenir' : undefined}
      >
        <CardImage imageId={imageId} name={name} rarity={rarity} width={96} />
        {hasMemory && (
          <Tooltip title={HAS_MEMORY_TOOLTIP}>
            <MemoryBadge aria-label={HAS_MEMORY_TOOLTIP} role="img">
              <AutoStoriesIcon fontSize="small" aria-hidden />
            </MemoryBadge>
          </Tooltip>
        )}
      </ThumbnailLink>
      {showRarity && <RarityBadge rarity={rarity} />}
      {souvenir && <Chip size="small" label="Souvenir" color="success" variant="outlined" />}
    </Stack>
  )
}

const Layout = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  [theme.breakpoints.up('md')]: { flexDirection: 'row', alignItems: 'flex-start' },
}))

const ImageColumn = styled('div')(({ theme }) => ({
  position: 'relative',
  width: '100%',
  maxWidth: 360,
  marginInline: 'auto',
  [theme.breakpoints.up('md')]: { width: 340, marginInline: 0, flexShrink: 0 },
}))

const Stamp = styled('div')(({ theme }) => ({
  position: 'absolute',
  right: theme.spacing(-1),
  top: theme.spacing(9),
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(0.5),
  padding: theme.spacing(0.5, 1.5),
  border: `3px double ${theme.palette.secondary.main}`,
  borderRadius: theme.shape.borderRadius,
  color: theme.palette.secondary.main,
  backgroundColor: theme.palette.background.paper,
  fontWeight: 800,
  letterSpacing: 1,
  textTransform: 'uppercase',
  transform: 'rotate(-8deg)',
  boxShadow: theme.shadows[3],
}))

const Thumbnails = styled('ul')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
  margin: 0,
  padding: 0,
  listStyle: 'none',
}))

const ThumbnailLink = styled(RouterLink)(({ theme }) => ({
  position: 'relative',
  display: 'block',
  borderRadius: theme.shape.borderRadius,
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '&.souvenir': souvenirFinish(theme),
}))

const MemoryBadge = styled('span')(({ theme }) => ({
  position: 'absolute',
  right: theme.spacing(0.5),
  bottom: theme.spacing(0.5),
  display: 'flex',
  padding: 4,
  borderRadius: '50%',
  color: theme.palette.primary.contrastText,
  backgroundColor: theme.palette.primary.main,
}))
