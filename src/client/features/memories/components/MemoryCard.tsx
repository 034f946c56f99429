import EventIcon from '@mui/icons-material/Event'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import { Link as RouterLink } from 'react-router-dom'

import { TRUNCATE_CARD_PAGE } from '@shared/constants'
import type { Memory } from '@shared/memories'

import { ExpandableText } from '../../../components/ExpandableText'
import { MemoryCardHeader } from '../../../components/MemoryCardHeader'
import { Counts, JourneyDates, MemoryText, TaggedFriends } from '../../../components/MemoryDetails'
import { MemoryPictures } from '../../../components/MemoryPictures'
import { VisibilitySelect } from '../../../components/VisibilitySelect'
import { formatDate } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { useFriendIds } from '../../friends/api'
import { placeOf, useUpdateVisibilityMutation } from '../api'

export interface MemoryCardProps {
  memory: Memory
}

/** One of my memories: its card, the visibility that can change at any time, and what I wrote. */
export function MemoryCard({ memory }: MemoryCardProps) {
  const [updateVisibility] = useUpdateVisibilityMutation()
  const friendIds = useFriendIds()
  return (
    <Card component="article" aria-labelledby={`memory-${memory.memoryId}-title`} sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '200px 1fr' } }}>
        <Stack spacing={1}>
          <MemoryCardHeader
            memory={memory}
            imageWidth={{ xs: 96, md: '100%' }}
            titleId={`memory-${memory.memoryId}-title`}
            stackFromMd
          >
            <ExpandableText
              text={memory.cardDescription}
              limit={TRUNCATE_CARD_PAGE}
              variant="body2"
              color="text.secondary"
            />
          </MemoryCardHeader>
          <Box>
            <Button
              component={RouterLink}
              to={paths.switchUserCard.href(memory.memoryId)}
              size="small"
              startIcon={<SwapHorizIcon />}
              data-tour="memory-switch"
            >
              Switch
            </Button>
          </Box>
        </Stack>

        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Stack
            useFlexGap
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Chip
              icon={<EventIcon />}
              label={formatDate(memory.createdAt)}
              aria-label={`Written ${formatDate(memory.createdAt)}`}
              variant="outlined"
            />
            <Box data-tour="memory-visibility">
              <VisibilitySelect
                size="small"
                value={memory.visibility}
                onChange={(visibility) =>
                  updateVisibility({ memoryId: memory.memoryId, visibility, place: placeOf(memory) })
                }
              />
            </Box>
          </Stack>
          <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />
          <MemoryPictures pictures={memory.pictures} />
          <MemoryText content={memory.memoryContent} />
          <TaggedFriends friends={memory.taggedFriends} friendIds={friendIds} />
          <Stack useFlexGap direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Counts likes={memory.likes} comments={memory.commentCount} />
            <Box sx={{ flexGrow: 1 }} />
            <Button component={RouterLink} to={paths.editMemory.href(memory.memoryId)} variant="outlined">
              Edit
            </Button>
            <Button component={RouterLink} to={paths.viewMemory.href(memory.memoryId)} variant="contained">
              View
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Card>
  )
}
