import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'

export interface ListSkeletonProps {
  /** Read out while the list loads. */
  label: string
  /** `tiles`: a grid of pictures, as on the collection lists; `rows`: full-width entries, as in the feed. */
  layout?: 'tiles' | 'rows'
  count?: number
  /** Height of one placeholder, close to a loaded entry's so nothing jumps when the list arrives. */
  height?: number
}

/** Placeholders in the shape of the list that is loading: the page keeps its layout instead of showing a spinner. */
export function ListSkeleton({ label, layout = 'rows', count = 3, height = 160 }: ListSkeletonProps) {
  return (
    <Box
      role="status"
      aria-label={label}
      aria-busy="true"
      sx={
        layout === 'tiles'
          ? {
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            }
          : { display: 'flex', flexDirection: 'column', gap: 3 }
      }
    >
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} animation="wave" />
      ))}
    </Box>
  )
}
