import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'

export interface DetailSkeletonProps {
  /** Read out while the page loads. */
  label: string
}

/**
 * The shape of a card's or a memory's page while it loads (the card beside its title and text, stacked on a phone),
 * so the page keeps its layout instead of showing a spinner.
 */
export function DetailSkeleton({ label }: DetailSkeletonProps) {
  return (
    <Box
      role="status"
      aria-label={label}
      aria-busy="true"
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 4 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 320px) 1fr' },
        maxWidth: 1100,
        mx: 'auto',
        width: '100%',
      }}
    >
      <Skeleton
        variant="rounded"
        animation="wave"
        sx={{ width: { xs: '70%', md: '100%' }, mx: { xs: 'auto', md: 0 }, height: 'auto', aspectRatio: '5 / 7' }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Skeleton variant="text" animation="wave" sx={{ fontSize: '2.6rem', width: '60%' }} />
        <Skeleton variant="rounded" animation="wave" width={120} height={28} />
        {[100, 96, 90, 70].map((width) => (
          <Skeleton key={width} variant="text" animation="wave" sx={{ width: `${width}%` }} />
        ))}
        <Skeleton variant="rounded" animation="wave" width={180} height={40} />
      </Box>
    </Box>
  )
}
