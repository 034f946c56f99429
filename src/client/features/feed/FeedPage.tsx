import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { EmptyState } from '../../components/EmptyState'
import { ListEnd } from '../../components/ListEnd'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { usePageTitle } from '../../components/usePageTitle'
import { localToday } from '../../lib/localToday'
import { paths } from '../../lib/paths'
import { readStorage, writeStorage } from '../../lib/storage'
import { useFriendIds } from '../friends/api'
import { useGetUserQuery } from '../session/api'

import { useGetMemoryFeedInfiniteQuery, useGetOnThisDayQuery } from './api'
import { FeedMemoryCard } from './components/FeedMemoryCard'
import { OnThisDayCard } from './components/OnThisDayCard'

/**
 * "{userId} {YYYY-MM-DD}": the traveller hid On This Day for that day. Kept with the feed, which visitors never load,
 * rather than in STORAGE_KEYS (docs/product.md#local-storage).
 */
export const ON_THIS_DAY_HIDDEN_KEY = 'wandercards.onThisDayHidden'

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
  // A state, not a ref: the end of the list mounts after the first page (and On This Day) arrive, and the observer
  // must start then.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null)
  const friendIds = useFriendIds()
  const memories = uniqueMemories(data?.pages.flatMap((page) => page.memories) ?? [])
  const onThisDay = useOnThisDay()

  useEffect(() => {
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
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <Stack spacing={3} sx={{ maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h3" component="h1">
        Feed
      </Typography>
      {isLoading || onThisDay.isLoading ? (
        <ListSkeleton label="Loading the feed" count={3} height={280} />
      ) : (
        <>
          {onThisDay.memories.length > 0 ? (
            <OnThisDayCard memories={onThisDay.memories} onHide={onThisDay.hide} />
          ) : null}
          {isError && memories.length === 0 ? (
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
                  <FeedMemoryCard
                    key={memory.memoryId}
                    memory={memory}
                    like={renderLike(memory)}
                    friendIds={friendIds}
                  />
                ))}
              </Stack>
              <div ref={setSentinel} />
              <ListEnd
                hasNextPage={hasNextPage}
                loading={isFetchingNextPage}
                onLoadMore={() => void fetchNextPage()}
                endText="You have reached the end of the feed."
              />
            </>
          )}
        </>
      )}
    </Stack>
  )
}

/**
 * The traveller's memories of this day in earlier years, until hidden for the day. The feed waits for them with its
 * own first page, so the card never pushes the memories down once they are shown; if they fail, the feed shows
 * without them.
 */
function useOnThisDay() {
  const today = localToday()
  const { data: user } = useGetUserQuery()
  const { data, isLoading } = useGetOnThisDayQuery(today)
  const hiddenFor = user ? `${user.userId} ${today}` : null
  const [hiddenNow, setHiddenNow] = useState(false)
  const hidden = hiddenNow || (hiddenFor !== null && readStorage(ON_THIS_DAY_HIDDEN_KEY) === hiddenFor)
  return {
    isLoading,
    memories: hidden ? [] : (data?.memories ?? []),
    hide: () => {
      if (hiddenFor) writeStorage(ON_THIS_DAY_HIDDEN_KEY, hiddenFor)
      setHiddenNow(true)
    },
  }
}

/** A refetch of earlier pages can meet a memory again (one edited meanwhile); it shows once. */
function uniqueMemories(memories: Memory[]): Memory[] {
  const seen = new Set<string>()
  return memories.filter((memory) => !seen.has(memory.memoryId) && Boolean(seen.add(memory.memoryId)))
}
