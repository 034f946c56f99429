import CloseIcon from '@mui/icons-material/Close'
import ReplayIcon from '@mui/icons-material/Replay'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

import type { PhotoUpload } from './usePhotoUploads'

export interface UploadListProps {
  uploads: PhotoUpload[]
  onCancel: (id: number) => void
  onCancelAll: () => void
  onRetry: (id: number) => void
  onClear: () => void
}

function statusText(upload: PhotoUpload): string {
  switch (upload.status) {
    case 'waiting':
      return 'Waiting'
    case 'uploading':
      return `Sending, ${Math.round(upload.progress * 100)}%`
    case 'done':
      return 'Added'
    case 'cancelled':
      return 'Cancelled'
    case 'failed':
      return upload.message ?? 'Not sent'
  }
}

/** Each photo on its way: its progress, and cancel or retry. */
export function UploadList({ uploads, onCancel, onCancelAll, onRetry, onClear }: UploadListProps) {
  const done = uploads.filter((upload) => upload.status === 'done').length
  const busy = uploads.some((upload) => upload.status === 'uploading' || upload.status === 'waiting')
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" role="status">
          {done} of {uploads.length} photos added
        </Typography>
        {busy ? <Button onClick={onCancelAll}>Cancel all</Button> : <Button onClick={onClear}>Clear the list</Button>}
      </Stack>
      <List dense sx={{ maxHeight: 280, overflow: 'auto' }} aria-label="Photos being sent">
        {uploads.map((upload) => (
          <ListItem
            key={upload.id}
            disableGutters
            secondaryAction={
              upload.status === 'uploading' || upload.status === 'waiting' ? (
                <IconButton edge="end" aria-label={`Cancel ${upload.name}`} onClick={() => onCancel(upload.id)}>
                  <CloseIcon />
                </IconButton>
              ) : upload.status === 'failed' || upload.status === 'cancelled' ? (
                <IconButton edge="end" aria-label={`Retry ${upload.name}`} onClick={() => onRetry(upload.id)}>
                  <ReplayIcon />
                </IconButton>
              ) : null
            }
          >
            <ListItemText
              primary={upload.name}
              secondary={statusText(upload)}
              slotProps={{
                primary: { noWrap: true },
                secondary: { color: upload.status === 'failed' ? 'error' : 'text.secondary' },
              }}
              sx={{ pr: 6 }}
            />
            {upload.status === 'uploading' && (
              <LinearProgress
                variant="determinate"
                value={upload.progress * 100}
                aria-label={`${upload.name} sent`}
                sx={{ position: 'absolute', left: 0, right: 56, bottom: 2 }}
              />
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  )
}
