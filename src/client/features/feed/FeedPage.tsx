import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { EmptyState } from '../../components/EmptyState'
import { ListEnd } from '../../components/ListEnd'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { usePageTitle } from '../../components/usePageTitle'
import { paths } from '../../lib/paths'
import { useFriendIds } from '../friends/api'

import { useGetMemoryFeedInfiniteQuery } from './api'
import { FeedMemoryCard } from './components/FeedMemoryCard'

export const FEED_EMPTY_TEXT = 'No memories to show yet. Write your own, or add friends to see theirs.'

/** /feed: memories the user may see (own, friends', public), newest first, loaded page by page while scrolling. */
export interface FeedPageProps {
  /** The like toggle of a memory, which the memories feature provides: app/ composes the two. */
  renderLike: (memory: Memory) => ReactNode
}

export function FeedPage({ renderLike }: FeedPageProps) {
  usePageTitle('Feed')
  const { data, isLoading, isError, isFetching, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetMemoryFeedInfiniteQuery()
  const sentinelRef = useRef<HTMLDivElement>(null)
  const friendIds = useFriendIds()
  const memories = uniqueMemories(data?.pages.flatMap((page) => page.memories) ?? [])

  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      // Start loading a screen ahead, so scrolling rarely waits.
      { rootMargin: '600px 0px' },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <Stack spacing={3} sx={{ maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h3" component="h1">
        Feed
      </Typography>
      {isLoading ? (
        <ListSkeleton label="Loading the feed" count={3} height={280} />
      ) : isError && memories.length === 0 ? (
        <LoadFailed message="The feed could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
      ) : memories.length === 0 ? (
        <EmptyState
          message={FEED_EMPTY_TEXT}
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button component={RouterLink} to={paths.myMemories.href()} variant="contained">
                My Memories
              </Button>
              <Button component={RouterLink} to={paths.myFriends.href()} variant="outlined">
                Find Friends
              </Button>
            </Stack>
          }
        />
      ) : (
        <>
          <Stack component="section" aria-label="Memories" spacing={3}>
            {memories.map((memory) => (
              <FeedMemoryCard key={memory.memoryId} memory={memory} like={renderLike(memory)} friendIds={friendIds} />
            ))}
          </Stack>
          <div ref={sentinelRef} />
          <ListEnd
            hasNextPage={hasNextPage}
            loading={isFetchingNextPage}
            onLoadMore={() => void fetchNextPage()}
            endText="You have reached the end of the feed."
          />
        </>
      )}
    </Stack>
  )
}

/** A refetch of earlier pages can meet a memory again (one edited meanwhile); it shows once. */
function uniqueMemories(memories: Memory[]): Memory[] {
  const seen = new Set<string>()
  return memories.filter((memory) => !seen.has(memory.memoryId) && Boolean(seen.add(memory.memoryId)))
}
