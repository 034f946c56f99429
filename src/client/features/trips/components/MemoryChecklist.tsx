import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import type { Memory } from '@shared/memories'

import { CardImage } from '../../../components/CardImage'
import { ListSkeleton } from '../../../components/ListSkeleton'
import { LoadFailed } from '../../../components/LoadFailed'
import { myMemoriesAdapter, useGetMyMemoriesQuery } from '../../memories/api'
import { useGetMyTripsQuery } from '../api'

import { journeyDays } from './tripText'

const { selectAll } = myMemoriesAdapter.getSelectors()

/**
 * The traveller's memories that no trip holds yet (a memory is in one trip at most), oldest journey first, as the
 * trip will order them. `pinned` memories are listed even so: the ones a trip is being started with.
 */
export function useFreeMemories(pinned: readonly string[] = []) {
  const memories = useGetMyMemoriesQuery()
  const trips = useGetMyTripsQuery()
  const inTrips = new Set(trips.data?.flatMap((trip) => trip.myMemoryIds) ?? [])
  const free = memories.data
    ? selectAll(memories.data)
        .filter((memory) => !inTrips.has(memory.memoryId) || pinned.includes(memory.memoryId))
        .sort((a, b) => (a.memoryStartDate < b.memoryStartDate ? -1 : a.memoryStartDate > b.memoryStartDate ? 1 : 0))
    : []
  return {
    memories: free,
    isLoading: memories.isLoading || trips.isLoading,
    isError: (memories.isError && !memories.data) || (trips.isError && !trips.data),
    onRetry: () => {
      void memories.refetch()
      void trips.refetch()
    },
  }
}

/** The memories ticked, and a toggle for one. */
export function useTicked(initial: readonly string[] = []) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(initial))
  const toggle = (memoryId: string) =>
    setTicked((current) => {
      const next = new Set(current)
      if (!next.delete(memoryId)) next.add(memoryId)
      return next
    })
  return [ticked, toggle] as const
}

export interface MemoryChecklistProps {
  memories: Memory[]
  isLoading: boolean
  isError: boolean
  onRetry: () => void
  checked: ReadonlySet<string>
  onToggle: (memoryId: string) => void
  /** What to say when no memory is free to add. */
  none: string
}

/** Memories to tick, each by its place and dates with its card's picture. */
export function MemoryChecklist({
  memories,
  isLoading,
  isError,
  onRetry,
  checked,
  onToggle,
  none,
}: MemoryChecklistProps) {
  if (isLoading) return <ListSkeleton label="Loading your memories" count={3} height={56} />
  if (isError) return <LoadFailed message="Your memories could not be loaded." onRetry={onRetry} />
  if (memories.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {none}
      </Typography>
    )
  return (
    <Box component="ul" aria-label="Your memories" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {memories.map((memory) => (
        <Box component="li" key={memory.memoryId} sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
          <FormControlLabel
            sx={{ m: 0, width: '100%', gap: 1 }}
            control={<Checkbox checked={checked.has(memory.memoryId)} onChange={() => onToggle(memory.memoryId)} />}
            label={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                <Box sx={{ width: 40, flexShrink: 0 }}>
                  <CardImage imageId={memory.image} name={memory.cardName} rarity={memory.cardRarity} width={40} />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {memory.cardName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {journeyDays(memory.memoryStartDate, memory.memoryEndDate)}
                  </Typography>
                </Box>
              </Box>
            }
          />
        </Box>
      ))}
    </Box>
  )
}
