import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Paper from '@mui/material/Paper'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState, type SubmitEvent } from 'react'

import type { ModerationAction, ModerationQueueItem } from '@shared/moderation'
import { MODERATION_REASON_MAX_LENGTH, REPORT_REASONS, SUSPENSION_MAX_DAYS } from '@shared/moderationTexts'

import { errorMessage, isApiError, isReplayRefusal } from '../../api/errors'
import { EmptyState } from '../../components/EmptyState'
import { LoadFailed } from '../../components/LoadFailed'
import { LoadingState } from '../../components/LoadingState'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'

import { useActOnQueueItemMutation, useGetModerationQueueQuery } from './api'

const REASON_LABEL = Object.fromEntries(REPORT_REASONS.map((reason) => [reason.value, reason.label]))
const VISIBILITY_LABEL: Record<number, string> = { 1: 'Private', 2: 'Friends', 3: 'Public' }
const ITEM_LABEL = { memory: 'Memory', comment: 'Comment', traveller: 'Traveller' } as const

const ACTION_LABEL: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  warn: 'Warn the author',
  suspend: 'Suspend the author',
}

/** /console/moderation (docs/product.md#reports-and-moderation): the open reports, oldest first, with their content. */
export function ModerationQueueScreen() {
  usePageTitle('Moderation')
  const { data, error, isLoading, isFetching, refetch } = useGetModerationQueueQuery()
  if (isLoading) return <LoadingState label="Loading the moderation queue" />
  if (!data) {
    return (
      <LoadFailed
        message={error ? errorMessage(error) : undefined}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  return (
    <Stack spacing={3} component="section" aria-labelledby="moderation-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="moderation-title" variant="h5" component="h2">
          Moderation queue ({data.items.length})
        </Typography>
        <Button onClick={() => void refetch()} loading={isFetching}>
          Reload
        </Button>
      </Stack>
      {data.items.length === 0 ? (
        <EmptyState message="No open reports. Everything reported has been looked at." />
      ) : (
        <Stack component="ol" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.items.map((item) => (
            <li key={`${item.queueItemId}:${item.version}`}>
              <QueueEntry item={item} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

function QueueEntry({ item }: { item: ModerationQueueItem }) {
  const headingId = useId()
  const { content } = item
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h3">
            {ITEM_LABEL[item.itemType]} by {content.authorUsername || 'a deleted account'}
          </Typography>
          <Chip size="small" label={`${item.reportCount} ${item.reportCount === 1 ? 'report' : 'reports'}`} />
          {!content.exists && <Chip size="small" color="warning" label="Deleted since reported" />}
          {content.traveller.suspendedForGood && <Chip size="small" color="error" label="Suspended for good" />}
          {content.traveller.suspendedUntil && (
            <Chip
              size="small"
              color="error"
              label={`Suspended until ${formatDate(content.traveller.suspendedUntil)}`}
            />
          )}
        </Stack>

        <ContentInContext item={item} />

        <Box>
          <Typography variant="subtitle2" component="h4">
            Reports
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {item.reports.map((report) => (
              <li key={report.reportId}>
                <Typography variant="body2">
                  <strong>{REASON_LABEL[report.reason]}</strong> · {report.reporterUsername} ·{' '}
                  {formatDate(report.createdAt)}
                  {report.note && <> · “{report.note}”</>}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>

        <ActionForm item={item} />
      </Stack>
    </Paper>
  )
}

function ContentInContext({ item }: { item: ModerationQueueItem }) {
  const { memory, comment, traveller } = item.content
  return (
    <Stack spacing={1.5} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
      {comment && (
        <Box>
          <Typography variant="caption" color="text.secondary">
            Comment written {formatDate(comment.createdAt)}
            {comment.hiddenAt && ' · hidden'}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.content}</Typography>
        </Box>
      )}
      {memory && (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {comment ? 'On the memory' : 'Memory'} of {memory.cardName} · {VISIBILITY_LABEL[memory.visibility]} ·
            written {formatDate(memory.createdAt)}
            {memory.hiddenAt && ' · hidden'}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflow: 'auto' }}>
            {memory.content}
          </Typography>
          {memory.pictures.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              {memory.pictures.map((picture, index) => (
                <Box
                  key={picture.url}
                  component="img"
                  src={picture.url}
                  alt={`Picture ${index + 1} of the reported memory`}
                  loading="lazy"
                  sx={{ height: 96, width: 'auto', borderRadius: 1 }}
                />
              ))}
            </Stack>
          )}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        Author {traveller.username || 'deleted'} · member since {formatDate(traveller.createdAt)} ·{' '}
        {traveller.memoryCount} {traveller.memoryCount === 1 ? 'memory' : 'memories'} · {traveller.warningCount}{' '}
        {traveller.warningCount === 1 ? 'warning' : 'warnings'}
      </Typography>
    </Stack>
  )
}

/** The actions with their required reason; a suspension for a number of days or, with the days left empty, for good. */
function ActionForm({ item }: { item: ModerationQueueItem }) {
  const id = useId()
  const [action, setAction] = useState<ModerationAction>(item.content.exists ? 'hide' : 'dismiss')
  const [reason, setReason] = useState('')
  const [days, setDays] = useState('7')
  const [act, { isLoading, error }] = useActOnQueueItemMutation()
  const actions: ModerationAction[] = !item.content.exists
    ? ['dismiss']
    : item.itemType === 'traveller'
      ? ['dismiss', 'warn', 'suspend']
      : ['dismiss', 'hide', 'warn', 'suspend']
  const dayCount = days.trim() === '' ? undefined : Number(days)
  const daysValid =
    dayCount === undefined || (Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SUSPENSION_MAX_DAYS)

  async function handleSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (!reason.trim() || !daysValid) return
    try {
      await act({
        queueItemId: item.queueItemId,
        version: item.version,
        action,
        reason: reason.trim(),
        ...(action === 'suspend' && dayCount !== undefined ? { days: dayCount } : {}),
      }).unwrap()
    } catch {
      // The refusal shows beside the form; the queue reloads either way.
    }
  }

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label={`Act on the ${item.itemType}`}>
      <Stack spacing={2}>
        <FormControl>
          <FormLabel id={`${id}-action`}>Action</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${id}-action`}
            value={action}
            onChange={(event) => setAction(event.target.value as ModerationAction)}
          >
            {actions.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={ACTION_LABEL[value]} />
            ))}
          </RadioGroup>
        </FormControl>
        {action === 'suspend' && (
          <TextField
            label="Days (leave empty for good)"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            inputMode="numeric"
            error={!daysValid}
            helperText={
              daysValid
                ? dayCount === undefined
                  ? 'Suspends for good.'
                  : ' '
                : `A whole number from 1 to ${SUSPENSION_MAX_DAYS}.`
            }
            sx={{ maxWidth: 260 }}
          />
        )}
        <TextField
          label="Reason (the author is told it)"
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, MODERATION_REASON_MAX_LENGTH))}
          required
          multiline
          minRows={2}
        />
        {isApiError(error) && !isReplayRefusal(error) && <Alert severity="warning">{errorMessage(error)}</Alert>}
        <Box>
          <Button type="submit" variant="contained" loading={isLoading} disabled={!reason.trim() || !daysValid}>
            {ACTION_LABEL[action]}
          </Button>
        </Box>
      </Stack>
    </Box>
  )
}
