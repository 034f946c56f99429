import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { MemoryCardHeader } from '../../../components/MemoryCardHeader'
import { Counts, JourneyDates, MemoryText, TaggedFriends } from '../../../components/MemoryDetails'
import { MemoryPictures } from '../../../components/MemoryPictures'
import { formatDate } from '../../../lib/format'
import { paths } from '../../../lib/paths'

export interface FriendMemoryCardProps {
  memory: Memory
}

/** One of a friend's memories on their page: the card it sits on, what they wrote, and the way to its own page. */
export function FriendMemoryCard({ memory }: FriendMemoryCardProps) {
  const titleId = `friend-memory-${memory.memoryId}`
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <MemoryCardHeader memory={memory} imageWidth={{ xs: 72, sm: 110 }} titleId={titleId} alignItems="flex-start">
          <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />
          <Typography variant="body2" color="text.secondary">
            Written {formatDate(memory.createdAt)}
          </Typography>
        </MemoryCardHeader>
        <MemoryText content={memory.memoryContent} />
        <MemoryPictures pictures={memory.pictures} size="medium" linked={false} />
        <TaggedFriends friends={memory.taggedFriends} />
        <Stack useFlexGap direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Counts likes={memory.likes} comments={memory.commentCount} />
          <Box sx={{ flexGrow: 1 }} />
          <Button
            component={RouterLink}
            to={paths.viewMemory.href(memory.memoryId)}
            variant="outlined"
            aria-label={`View the memory of ${memory.cardName}`}
          >
            View
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
