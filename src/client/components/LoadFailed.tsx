import RefreshIcon from '@mui/icons-material/Refresh'
import Button from '@mui/material/Button'

import { EmptyState } from './EmptyState'

export const LOAD_FAILED = 'This page could not be loaded just now. Nothing has changed; please try again.'

export interface LoadFailedProps {
  /** What could not be loaded, when the screen says it in its own words. */
  message?: string
  /** Asks the server again. */
  onRetry: () => void
  retrying?: boolean
}

/**
 * What a screen shows when the server failed to answer (the shared toast says why). It never says "not found": a
 * failure tells nothing about whether the content exists.
 */
export function LoadFailed({ message = LOAD_FAILED, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <EmptyState
      message={message}
      action={
        <Button
          variant="contained"
          startIcon={<RefreshIcon />}
          loadingPosition="start"
          onClick={onRetry}
          loading={retrying}
        >
          Try Again
        </Button>
      }
    />
  )
}
