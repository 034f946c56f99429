import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { Memory } from '@shared/memories'
import type { Trip } from '@shared/trips'

import { MemoryCardHeader } from '../../../components/MemoryCardHeader'
import { JourneyDates, MemoryText } from '../../../components/MemoryDetails'
import { MemoryPictures } from '../../../components/MemoryPictures'
import { UserAvatar } from '../../../components/UserAvatar'
import { visibilityLabel } from '../../../components/VisibilitySelect'
import { paths } from '../../../lib/paths'
import { useRemoveTripMemoryMutation } from '../api'

const DAY_MS = 86_400_000

/** Day 1 is the trip's first day; a memory's day is the day it starts. */
export function dayOfTrip(tripStart: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${tripStart}T00:00:00Z`)) / DAY_MS) + 1
}

/** A day of the timeline, or the memories without dates (`date` null), which come last. */
interface TimelineDay {
  date: string | null
  memories: Memory[]
}

/**
 * The timeline's days: the memories grouped by the day each starts, in the order the server gives (by date), then
 * those without dates (a memory's date is '' when it has none) in a last group of their own.
 */
function byDay(memories: Memory[]): TimelineDay[] {
  const days: TimelineDay[] = []
  const undated: Memory[] = []
  for (const memory of memories) {
    if (!memory.memoryStartDate) {
      undated.push(memory)
      continue
    }
    const last = days.at(-1)
    if (last?.date === memory.memoryStartDate) last.memories.push(memory)
    else days.push({ date: memory.memoryStartDate, memories: [memory] })
  }
  return undated.length > 0 ? [...days, { date: null, memories: undated }] : days
}

/** The trip day by day: each day's heading, then its memories with who wrote them. */
export function TripTimeline({ trip }: { trip: Trip }) {
  // The trip's first day comes from its dated memories; without any, every group is the undated one.
  const start = trip.startDate ?? trip.memories.find((memory) => memory.memoryStartDate)?.memoryStartDate ?? ''
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {byDay(trip.memories).map((day) => (
        <Box
          component="li"
          key={day.date ?? 'undated'}
          sx={{ position: 'relative', pl: { xs: 2.5, sm: 4 }, pb: 3, borderLeft: 2, borderColor: 'divider' }}
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: -7,
              top: 6,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: 'secondary.main',
            }}
          />
          <Typography variant="overline" component="h3" sx={{ lineHeight: 1.5, display: 'block', mb: 1 }}>
            {day.date === null ? 'Undated' : `Day ${dayOfTrip(start, day.date)} · ${day.date}`}
          </Typography>
          <Stack spacing={2}>
            {day.memories.map((memory) => (
              <TimelineMemory key={memory.memoryId} memory={memory} trip={trip} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  )
}

function TimelineMemory({ memory, trip }: { memory: Memory; trip: Trip }) {
  const [removeMemory, { isLoading }] = useRemoveTripMemoryMutation()
  const mayRemove = memory.isOwner || trip.myRole === 'owner'
  return (
    <Card component="article" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <MemoryCardHeader memory={memory} imageWidth={{ xs: 64, sm: 80 }} heading={false}>
          {memory.memoryStartDate !== '' && <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <UserAvatar avatarId={memory.avatarId} username={memory.username} size={24} />
            <Typography variant="body2">
              {memory.isOwner ? 'You' : memory.username}
              {memory.isOwner && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${visibilityLabel(memory.visibility)}`}
                </Typography>
              )}
            </Typography>
          </Stack>
        </MemoryCardHeader>
        <MemoryText content={memory.memoryContent} />
        <MemoryPictures pictures={memory.pictures} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
          {mayRemove && (
            <Button
              size="small"
              color="inherit"
              disabled={isLoading}
              onClick={() => void removeMemory({ tripId: trip.tripId, memoryId: memory.memoryId })}
              aria-label={`Remove from trip: the memory of ${memory.cardName}`}
            >
              Remove from trip
            </Button>
          )}
          <Button size="small" variant="outlined" component={RouterLink} to={paths.viewMemory.href(memory.memoryId)}>
            Open memory
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
