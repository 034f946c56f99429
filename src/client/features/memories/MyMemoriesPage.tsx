import AddIcon from '@mui/icons-material/Add'
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { PHOTO_IMPORT_TEXTS } from '@shared/photoImport'
import { TEXTS } from '@shared/texts'

import { EmptyState } from '../../components/EmptyState'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { Tour, type TourStep } from '../../components/Tour'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'

import { myMemoriesAdapter, useGetMyMemoriesQuery } from './api'
import { MemoryCard } from './components/MemoryCard'

const { selectAll } = myMemoriesAdapter.getSelectors()

const TOUR_STEPS: TourStep[] = [
  { target: '[data-tour="memories-title"]', content: 'Your travel memories live here, each one on a card you own.' },
  {
    target: '[data-tour="memories-new"]',
    content: 'Write a new memory: pick a card, add the dates, your story, pictures and the friends who were there.',
  },
]

const TOUR_STEPS_WITH_MEMORIES: TourStep[] = [
  ...TOUR_STEPS,
  {
    target: '[data-tour="memory-visibility"]',
    content: 'Choose who sees each memory (Public, Friends or Private), and change it at any time.',
  },
  { target: '[data-tour="memory-switch"]', content: 'Move a memory to another copy of its card, or to another place.' },
]

/**
 * /myMemories: every memory I wrote, newest first, each with its card and its visibility; `trips` (My Trips, which
 * app/ composes) above them.
 */
export function MyMemoriesPage({ trips }: { trips?: ReactNode }) {
  usePageTitle('My Memories')
  const { data, isLoading, isError, isFetching, refetch } = useGetMyMemoriesQuery()
  const memories = data ? selectAll(data) : []

  return (
    <Stack spacing={3}>
      <Tour
        name="myMemories"
        steps={memories.length > 0 ? TOUR_STEPS_WITH_MEMORIES : TOUR_STEPS}
        ready={!isLoading}
        showProgress
      />
      <Stack
        useFlexGap
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h3" component="h1" data-tour="memories-title">
          My Memories
        </Typography>
        <Button
          component={RouterLink}
          to={paths.createMemory.href()}
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          data-tour="memories-new"
        >
          New Memory
        </Button>
      </Stack>
      <Box sx={{ mt: -2 }}>
        <Button component={RouterLink} to={paths.memoriesFromPhotos.href()} startIcon={<PhotoLibraryIcon />}>
          {PHOTO_IMPORT_TEXTS.entry}
        </Button>
      </Box>
      {trips}
      {trips && (
        <Typography variant="h5" component="h2">
          Memories
        </Typography>
      )}
      {isLoading ? (
        <ListSkeleton label="Loading your memories" count={3} height={200} />
      ) : isError && !data ? (
        <LoadFailed message="Your memories could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
      ) : memories.length === 0 ? (
        <EmptyState
          message={TEXTS.empty.memories}
          action={
            <Button component={RouterLink} to={paths.createMemory.href()} variant="contained">
              Write Your First Memory
            </Button>
          }
        />
      ) : (
        <Stack spacing={3} data-tour="memories-list">
          {memories.map((memory) => (
            <MemoryCard key={memory.memoryId} memory={memory} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
