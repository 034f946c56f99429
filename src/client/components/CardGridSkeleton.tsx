import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import type { SxProps, Theme } from '@mui/material/styles'

export interface CardGridSkeletonProps {
  /** Read out while the cards load. */
  label: string
  count?: number
  /** The loading grid's own columns and gaps, so the placeholders stand where the cards will. */
  gridSx: SxProps<Theme>
}

/** Card-shaped placeholders (5:7, as CardImage reserves) in the grid that is loading, instead of a spinner. */
export function CardGridSkeleton({ label, count = 12, gridSx }: CardGridSkeletonProps) {
  return (
    <Box role="status" aria-label={label} aria-busy="true" sx={[{ display: 'grid' }, gridSx] as SxProps<Theme>}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton
          key={index}
          variant="rounded"
          animation="wave"
          sx={{ width: '100%', height: 'auto', aspectRatio: '5 / 7', borderRadius: 2 }}
        />
      ))}
    </Box>
  )
}
