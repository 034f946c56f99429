import { keyframes } from '@emotion/react'
import Box from '@mui/material/Box'

export interface PageSkeletonProps {
  /** Read out while the screen loads. */
  label?: string
}

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`

/** Drawn like MUI's Skeleton, without it: this is in the first load, where every byte delays a phone's first screen. */
const placeholder = {
  bgcolor: 'action.hover',
  borderRadius: 1,
  animation: `${pulse} 1.6s ease-in-out 0.4s infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const

/**
 * A screen's shape before its code or the session check has arrived: a title and a few entries under the header, so
 * a slow phone shows the page taking form instead of a lone spinner, and the screen's own skeleton takes its place.
 */
export function PageSkeleton({ label = 'Loading' }: PageSkeletonProps) {
  return (
    <Box role="status" aria-label={label} aria-busy="true" sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ ...placeholder, height: 40, width: { xs: '70%', sm: '40%' } }} />
      {[0, 1, 2].map((entry) => (
        <Box key={entry} sx={{ ...placeholder, height: 160 }} />
      ))}
    </Box>
  )
}
