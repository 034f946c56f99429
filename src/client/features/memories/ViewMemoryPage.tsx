import EditIcon from '@mui/icons-material/Edit'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { isApiError, isFailure } from '../../api/errors'
import { DetailSkeleton } from '../../components/DetailSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { MemoryCardHeader } from '../../components/MemoryCardHeader'
import { FriendName, JourneyDates, MemoryText, TaggedFriends } from '../../components/MemoryDetails'
import { MemoryPictures } from '../../components/MemoryPictures'
import type { RenderReportAction } from '../../components/reportAction'
import type { RenderTravellerActions } from '../../components/travellerActions'
import { usePageTitle } from '../../components/usePageTitle'
import { UserAvatar } from '../../components/UserAvatar'
import { visibilityLabel } from '../../components/VisibilitySelect'
import { formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'
import { useFriendIds } from '../friends/api'

import { useGetMemoryQuery } from './api'
import { CommentForm } from './components/CommentForm'
import { CommentList, type ReplyTarget } from './components/CommentList'
import { LikeButton } from './components/LikeButton'
import { ProblemPage } from './components/ProblemPage'

/** What else the author may do with their memory (add it to a trip); app/ composes it. */
export type RenderOwnerActions = (memory: Memory) => ReactNode

/**
 * /viewMemory/{memoryId} and /viewMemory/{memoryId}/comments, which opens at the comments. `renderTravellerActions`
 * and `renderReportAction` go beside the author's and each commenter's name (app/ composes them).
 */
export function ViewMemoryPage({
  renderTravellerActions,
  renderReportAction,
  renderOwnerActions,
}: {
  renderTravellerActions?: RenderTravellerActions
  renderReportAction?: RenderReportAction
  renderOwnerActions?: RenderOwnerActions
}) {
  usePageTitle('Memory')
  const { memoryId, focus } = useParams()
  const { currentData, isFetching, error, refetch } = useGetMemoryQuery(memoryId ?? skipToken)
  // A memory the server no longer shows (deleted, or its author blocked) goes at once, not at the next visit.
  const memory = isApiError(error) && error.status === 404 ? undefined : currentData

  if (!memory && isFetching) return <DetailSkeleton label="Loading the memory" />
  if (!memory && isFailure(error)) return <LoadFailed onRetry={() => void refetch()} />
  if (!memory) {
    return (
      <ProblemPage
        title="Memory not found"
        message="This memory does not exist, or it is not shared with you."
        actions={
          <Button variant="contained" component={RouterLink} to={paths.feed.href()}>
            Back to the Feed
          </Button>
        }
      />
    )
  }
  return (
    <ViewMemory
      {...{ memory, renderTravellerActions, renderReportAction, renderOwnerActions }}
      focusComments={focus === 'comments'}
    />
  )
}

interface ViewMemoryProps {
  memory: Memory
  focusComments: boolean
  renderTravellerActions?: RenderTravellerActions
  /** Report, beside another traveller's memory and comments (app/ composes it). */
  renderReportAction?: RenderReportAction
  renderOwnerActions?: RenderOwnerActions
}

function ViewMemory({
  memory,
  focusComments,
  renderTravellerActions,
  renderReportAction,
  renderOwnerActions,
}: ViewMemoryProps) {
  const commentsRef = useRef<HTMLElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null)
  const friendIds = useFriendIds()

  useEffect(() => {
    if (focusComments) commentsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }, [focusComments, memory.memoryId])

  function handleReply(target: ReplyTarget) {
    setReplyTo(target)
    inputRef.current?.focus()
  }

  return (
    <Paper component="article" sx={{ p: { xs: 2, md: 4 }, maxWidth: 900, mx: 'auto' }}>
      <Stack spacing={3}>
        <Stack useFlexGap direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <UserAvatar avatarId={memory.avatarId} username={memory.username} size={48} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              <FriendName userId={memory.userId} friendIds={friendIds}>
                {memory.username}
              </FriendName>
              &apos;s memory
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Level {memory.userLevel} · written {formatDate(memory.createdAt)}
            </Typography>
          </Box>
          {memory.isOwner && (
            <Chip
              label={visibilityLabel(memory.visibility)}
              variant="outlined"
              aria-label={`Visibility: ${visibilityLabel(memory.visibility)}`}
            />
          )}
          {!memory.isOwner && renderTravellerActions?.(memory)}
          {!memory.isOwner &&
            renderReportAction?.({ itemType: 'memory', itemId: memory.memoryId, username: memory.username })}
        </Stack>

        <MemoryCardHeader memory={memory} imageWidth={{ xs: 96, sm: 140 }} alignItems="center" eager>
          <JourneyDates start={memory.memoryStartDate} end={memory.memoryEndDate} />
        </MemoryCardHeader>

        <MemoryText content={memory.memoryContent} whole />
        <MemoryPictures pictures={memory.pictures} size="large" />
        <TaggedFriends friends={memory.taggedFriends} friendIds={friendIds} />

        <Stack useFlexGap direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <LikeButton memory={memory} />
          <Box sx={{ flexGrow: 1 }} />
          {memory.isOwner && (
            <>
              {renderOwnerActions?.(memory)}
              <Button
                component={RouterLink}
                to={paths.switchUserCard.href(memory.memoryId)}
                startIcon={<SwapHorizIcon />}
              >
                Switch Card
              </Button>
              <Button
                component={RouterLink}
                to={paths.editMemory.href(memory.memoryId)}
                variant="outlined"
                startIcon={<EditIcon />}
              >
                Edit
              </Button>
            </>
          )}
        </Stack>

        <Divider />

        <Stack
          component="section"
          spacing={2}
          ref={commentsRef}
          id="comments"
          aria-labelledby="comments-title"
          sx={{ scrollMarginTop: 80 }}
        >
          <Typography id="comments-title" variant="h6" component="h2">
            Comments ({memory.commentCount})
          </Typography>
          <CommentList
            {...{ friendIds, renderTravellerActions, renderReportAction }}
            comments={memory.comments}
            onReply={handleReply}
          />
          <CommentForm memory={memory} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} inputRef={inputRef} />
        </Stack>
      </Stack>
    </Paper>
  )
}
