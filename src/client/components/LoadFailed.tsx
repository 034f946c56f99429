import RefreshIcon from '@mui/icons-material/Refresh'
import Button from '@mui/material/Button'

import { EmptyState } from './EmptyState'

export const LOAD_FAILED = 'This page could not be loaded just now. Nothing has changed; please try again.'

export interface LoadFailedProps {
  /** Asks the server again. */
  onRetry: () => void
  retrying?: boolean
}

/**
 * What a screen shows when the server failed to answer (the shared toast says why). It never says "not found": a
 * failure tells nothing about whether the content exists.
 */
export function LoadFailed({ onRetry, retrying = false }: LoadFailedProps) {
  return (
    <EmptyState
      message={LOAD_FAILED}
      action={
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry} disabled={retrying}>
          Try Again
        </Button>
      }
    />
  )
}
