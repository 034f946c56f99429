import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { MemoryCardHeader } from '../../../components/MemoryCardHeader'
import { FriendName, JourneyDates, MemoryText, TaggedFriends } from '../../../components/MemoryDetails'
import { MemoryPictures } from '../../../components/MemoryPictures'
import { UserAvatar } from '../../../components/UserAvatar'
import { formatDate } from '../../../lib/format'
import { paths } from '../../../lib/paths'

export interface FeedMemoryCardProps {
  memory: Memory
  /** The like toggle, given by the page. */
  like: ReactNode
  /** The viewer's friends, whose names open their page. */
  friendIds?: ReadonlySet<string>
}

/** One memory in the feed: who wrote it, on which card, what they wrote, and a way to like and discuss it. */
export function FeedMemoryCard({ memory, like, friendIds }: FeedMemoryCardProps) {
  const titleId = `feed-memory-${memory.memoryId}`

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <UserAvatar avatarId={memory.avatarId} username={memory.username} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
              <FriendName userId={memory.userId} friendIds={friendIds}>
                {memory.username}
              </FriendName>{' '}
              · {memory.cardName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Level {memory.userLevel} · {formatDate(memory.createdAt)}
            </Typography>
          </Box>
        </Stack>

        <MemoryCardHeader
          memory={memory}
          imageWidth={{ xs: 72, sm: 110 }}
          heading={false}
          alignItems="flex-start"
          lineSpacing={1}
        >
          <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />
        </MemoryCardHeader>

        <MemoryText content={memory.memoryContent} />

        <MemoryPictures pictures={memory.pictures} size="medium" linked={false} />
        <TaggedFriends friends={memory.taggedFriends} friendIds={friendIds} />

        <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {like}
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
