import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline'
import FavoriteIcon from '@mui/icons-material/Favorite'
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder'
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { TRUNCATE_MEMORY_CONTENT } from '@shared/constants'
import type { Memory } from '@shared/memories'
import { TileGrid } from '@client/components/TileGrid'

import { paths } from '../../../app/paths'
import { CardImage } from '../../../components/CardImage'
import { RarityBadge } from '../../../components/RarityBadge'
import { UserAvatar } from '../../../components/UserAvatar'
import { formatDate, truncate } from '../../../lib/format'
import { placeOf, useLikeMemoryMutation } from '../../memories/api'

export interface FeedMemoryCardProps {
  memory: Memory
}

/** One memory in the feed: who wrote it, on which card, what they wrote, and a way to like and discuss it. */
export function FeedMemoryCard({ memory }: FeedMemoryCardProps) {
  const [likeMemory, { isLoading: liking }] = useLikeMemoryMutation()
  const titleId = `feed-memory-${memory.memoryId}`
  const start = formatDate(memory.memoryStartDate)
  const end = formatDate(memory.memoryEndDate)

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <UserAvatar avatarId={memory.avatarId} username={memory.username} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
              {memory.username} · {memory.cardName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Level {memory.userLevel} · {formatDate(memory.createdAt)}
            </Typography>
          </Box>
        </Stack>

        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ width: { xs: 72, sm: 110 }, flexShrink: 0 }}>
            <CardImage imageId={memory.image} name={memory.cardName} rarity={memory.cardRarity} />
          </Box>
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Link component={RouterLink} to={paths.userCard.href(memory.userCardId)} variant="h6" color="inherit">
              {memory.cardName}
            </Link>
            <Box>
              <RarityBadge rarity={memory.cardRarity} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {memory.collectionName}
            </Typography>
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <FlightTakeoffIcon fontSize="small" aria-hidden />
              <Typography variant="body2" component="span">
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {start}
                </Box>
                {start !== end && (
                  <>
                    {' – '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {end}
                    </Box>
                  </>
                )}
              </Typography>
            </Box>
          </Stack>
        </Stack>

        {memory.memoryContent && (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '75ch' }}>
            {truncate(memory.memoryContent, TRUNCATE_MEMORY_CONTENT)}
          </Typography>
        )}

        {memory.pictures.length > 0 && (
          <TileGrid minTileWidth={140}>
            {memory.pictures.map((picture, index) => (
              <li key={picture.pictureFileName}>
                <Picture
                  src={picture.url}
                  alt={`Picture ${index + 1} of ${memory.pictures.length}`}
                  loading="lazy"
                  decoding="async"
                  width={picture.width}
                  height={picture.height}
                />
              </li>
            ))}
          </TileGrid>
        )}

        {memory.taggedFriends.length > 0 && (
          <Typography
            variant="body2"
            aria-label="Tagged friends"
            sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}
          >
            {memory.taggedFriends.map((friend) => `@${friend.username}`).join(' ')}
          </Typography>
        )}

        <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            size="small"
            color="secondary"
            variant={memory.liked ? 'contained' : 'outlined'}
            aria-pressed={memory.liked}
            aria-label={`Like, ${memory.likes} ${memory.likes === 1 ? 'like' : 'likes'}`}
            startIcon={memory.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            onClick={() => {
              // The new state already shows; a second click before the first answers would race it.
              if (!liking) void likeMemory({ memoryId: memory.memoryId, place: placeOf(memory) })
            }}
          >
            {memory.likes}
          </Button>
          <Button
            size="small"
            component={RouterLink}
            to={paths.viewMemory.href(memory.memoryId, 'comments')}
            startIcon={<ChatBubbleOutlineIcon />}
          >
            {memory.commentCount} {memory.commentCount === 1 ? 'comment' : 'comments'}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button size="small" variant="outlined" component={RouterLink} to={paths.viewMemory.href(memory.memoryId)}>
            View
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

const Picture = styled('img')(({ theme }) => ({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  display: 'block',
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.action.hover,
}))
