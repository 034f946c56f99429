import AddIcon from '@mui/icons-material/Add'
import EditIcon from '@mui/icons-material/Edit'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { TEXTS } from '@shared/texts'

import { LoadingState } from '../../../components/LoadingState'
import { Counts, JourneyDates, MemoryText } from '../../../components/MemoryDetails'
import { MemoryPictures } from '../../../components/MemoryPictures'
import { paths } from '../../../lib/paths'
import { useGetMemoryQuery } from '../api'
import { FROM_USER_CARD } from '../switchOrigin'

export interface UserCardMemorySectionProps {
  userCardId: string
  isOwner: boolean
  /** The memory on this copy as the viewer may see it, or null. */
  memory: { memoryId: string } | null
}

/** The memory part of /userCard/{userCardId}. The memory itself is loaded by id so likes and comments stay current. */
export function UserCardMemorySection({ userCardId, isOwner, memory }: UserCardMemorySectionProps) {
  return (
    <Stack component="section" aria-labelledby="user-card-memory-title" spacing={2}>
      <Typography id="user-card-memory-title" variant="h5" component="h2">
        Memory
      </Typography>
      {memory ? (
        <MemoryOnCard memoryId={memory.memoryId} isOwner={isOwner} />
      ) : isOwner ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">Keep the story of this place on your card.</Typography>
          <Button
            component={RouterLink}
            to={paths.createMemory.href(userCardId)}
            variant="contained"
            startIcon={<AddIcon />}
          >
            Add Memory
          </Button>
        </Stack>
      ) : (
        <Typography color="text.secondary">{TEXTS.empty.userCardMemory}</Typography>
      )}
    </Stack>
  )
}

interface MemoryOnCardProps {
  memoryId: string
  isOwner: boolean
}

function MemoryOnCard({ memoryId, isOwner }: MemoryOnCardProps) {
  const { currentData: memory, isFetching } = useGetMemoryQuery(memoryId)
  if (!memory && isFetching) return <LoadingState label="Loading the memory" />
  if (!memory) return <Typography color="text.secondary">{TEXTS.empty.userCardMemory}</Typography>
  return (
    <Stack spacing={2}>
      <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />
      <MemoryPictures pictures={memory.pictures} />
      <MemoryText content={memory.memoryContent} />
      <Counts likes={memory.likes} comments={memory.commentCount} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.viewMemory.href(memoryId)} variant="outlined">
          View Memory
        </Button>
        {isOwner && (
          <>
            <Button
              component={RouterLink}
              to={`${paths.switchUserCard.href(memoryId)}?from=${FROM_USER_CARD}`}
              startIcon={<SwapHorizIcon />}
            >
              Switch Card
            </Button>
            <Button
              component={RouterLink}
              to={paths.editMemory.href(memoryId)}
              variant="contained"
              startIcon={<EditIcon />}
            >
              Edit Memory
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  )
}
