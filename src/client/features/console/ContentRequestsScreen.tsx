import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import type { ConsoleContentRequest, ContentRequestStatus } from '@shared/console'
import { CONTENT_REQUEST_MAX_LENGTH } from '@shared/constants'

import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'
import { enqueueSnackbar } from '../../lib/toast'

import { useGetContentRequestsQuery, useMarkContentRequestDoneMutation, useReplyToContentRequestMutation } from './api'

type Filter = ContentRequestStatus | 'all'

const STATUS_LABEL: Record<ContentRequestStatus, string> = { new: 'New', answered: 'Answered', done: 'Done' }
const STATUS_COLOR = { new: 'warning', answered: 'info', done: 'success' } as const

/** Content requests from "Request New Content", oldest first: answer them (a notification) and mark them done. */
export function ContentRequestsScreen() {
  usePageTitle('Content Requests · Console')
  const [filter, setFilter] = useState<Filter>('new')
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const [replyingTo, setReplyingTo] = useState<ConsoleContentRequest | null>(null)
  const choose = (next: Filter | null) => {
    if (!next) return
    setFilter(next)
    setCursors([undefined])
  }
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        value={filter}
        onChange={(_event, next: Filter | null) => choose(next)}
        aria-label="Status"
      >
        <ToggleButton value="new">New</ToggleButton>
        <ToggleButton value="answered">Answered</ToggleButton>
        <ToggleButton value="done">Done</ToggleButton>
        <ToggleButton value="all">All</ToggleButton>
      </ToggleButtonGroup>
      {cursors.map((cursor, index) => (
        <RequestPage
          key={cursor ?? 'first'}
          filter={filter}
          cursor={cursor}
          first={index === 0}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors([...cursors, next])}
          onReply={setReplyingTo}
        />
      ))}
      <ReplyDialog request={replyingTo} onClose={() => setReplyingTo(null)} />
    </Stack>
  )
}

interface RequestPageProps {
  filter: Filter
  cursor: string | undefined
  first: boolean
  last: boolean
  onMore: (cursor: string) => void
  onReply: (request: ConsoleContentRequest) => void
}

function RequestPage({ filter, cursor, first, last, onMore, onReply }: RequestPageProps) {
  const { data, isLoading, isFetching, isError, refetch } = useGetContentRequestsQuery({
    ...(filter === 'all' ? {} : { status: filter }),
    ...(cursor ? { cursor } : {}),
  })
  const [markDone, marking] = useMarkContentRequestDoneMutation()
  if (isLoading) return <LoadingState label="Loading content requests" />
  if (isError || !data) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
  if (first && data.requests.length === 0) return <EmptyState message="No content requests here." />
  const handleDone = async (request: ConsoleContentRequest) => {
    try {
      await markDone({ requestId: request.id }).unwrap()
      enqueueSnackbar('Marked done.', { variant: 'success' })
    } catch {
      // Shown by the shared request handling (already done by someone else, say).
    }
  }
  return (
    <>
      {data.requests.map((request) => (
        <Paper key={request.id} variant="outlined" component="article" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Chip size="small" color={STATUS_COLOR[request.status]} label={STATUS_LABEL[request.status]} />
            <Typography variant="subtitle1" component="h2">
              {request.requestType}
            </Typography>
            <Typography color="text.secondary">
              from {request.username} · {formatDate(request.createdAt)}
            </Typography>
          </Stack>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.requestContent}</Typography>
          {request.reply ? (
            <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Replied {formatDate(request.repliedAt)}: {request.reply}
            </Typography>
          ) : null}
          {request.status !== 'done' ? (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button variant="contained" onClick={() => onReply(request)}>
                Reply
              </Button>
              <Button variant="outlined" onClick={() => void handleDone(request)} loading={marking.isLoading}>
                Mark Done
              </Button>
            </Stack>
          ) : null}
        </Paper>
      ))}
      {last && data.nextCursor ? (
        <Button onClick={() => data.nextCursor && onMore(data.nextCursor)}>Show more</Button>
      ) : null}
    </>
  )
}

function ReplyDialog({ request, onClose }: { request: ConsoleContentRequest | null; onClose: () => void }) {
  const [reply, setReply] = useState('')
  const [send, { isLoading }] = useReplyToContentRequestMutation()
  const close = () => {
    setReply('')
    onClose()
  }
  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!request || !reply.trim()) return
    try {
      await send({ requestId: request.id, reply: reply.trim() }).unwrap()
      enqueueSnackbar(`Reply sent to ${request.username}.`, { variant: 'success' })
      close()
    } catch {
      // Shown by the shared request handling; the reply stays for another try.
    }
  }
  return (
    <Dialog open={request !== null} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>Reply to {request?.username}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {request?.requestContent}
          </Typography>
          <TextField
            label="Reply"
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            required
            helperText="The traveller gets it as a notification."
            slotProps={{ htmlInput: { maxLength: CONTENT_REQUEST_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!reply.trim()} loading={isLoading}>
            Send Reply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
