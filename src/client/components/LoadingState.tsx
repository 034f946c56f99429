import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'

export interface LoadingStateProps {
  label?: string
}

export function LoadingState({ label = 'Loading' }: LoadingStateProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8 }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  )
}
