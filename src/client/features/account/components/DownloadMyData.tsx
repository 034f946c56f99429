import DownloadIcon from '@mui/icons-material/Download'
import RefreshIcon from '@mui/icons-material/Refresh'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'

import { ACCOUNT_TEXTS } from '@shared/account'

import { formatBytes } from '../../../lib/format'
import { useDataExport, type DataExportState } from '../useDataExport'

/** The bar stops short of the end until the last byte is in: the total is an estimate. */
const ESTIMATED_PROGRESS_MAX = 99

function percentOf(state: DataExportState): number | null {
  if (state.step !== 'downloading' || !state.progress.estimated) return null
  return Math.min(ESTIMATED_PROGRESS_MAX, Math.round((state.progress.received / state.progress.estimated) * 100))
}

function amountText(state: DataExportState): string {
  if (state.step !== 'downloading') return ''
  const { received, estimated } = state.progress
  return estimated
    ? `${formatBytes(received)} of about ${formatBytes(Math.max(received, estimated))}`
    : formatBytes(received)
}

/** "Download my data" on My Account (docs/product.md#account-export). */
export function DownloadMyData() {
  const { state, start } = useDataExport()
  const busy = state.step === 'preparing' || state.step === 'downloading'
  const percent = percentOf(state)
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Download my data
      </Typography>
      <Typography color="text.secondary">
        A ZIP file with everything in your account: your memories with their original pictures, your cards and draws,
        the comments and likes you gave, your friends, your credit history and your notifications, and a travel book
        (index.html) that opens in any browser without a connection.
      </Typography>
      <Button
        variant="outlined"
        onClick={start}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
      >
        Download My Data
      </Button>
      {busy && (
        <Box sx={{ width: '100%' }}>
          <Typography role="status" variant="body2">
            {state.step === 'preparing' ? 'Preparing your data…' : 'Downloading your data…'}
          </Typography>
          <LinearProgress
            aria-label="Download progress"
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            sx={{ my: 1 }}
          />
          <Typography variant="body2" color="text.secondary">
            {amountText(state)}
          </Typography>
        </Box>
      )}
      {state.step === 'saved' && (
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {ACCOUNT_TEXTS.exportSaved(state.fileName)}
        </Alert>
      )}
      {state.step === 'failed' && (
        <Alert
          severity="error"
          sx={{ width: '100%' }}
          action={
            <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={start}>
              Try Again
            </Button>
          }
        >
          {state.message}
        </Alert>
      )}
    </Box>
  )
}
