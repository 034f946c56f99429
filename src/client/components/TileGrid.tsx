import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

/** A list laid out as tiles at least `minTileWidth` pixels wide, as many to a row as fit. */
export function TileGrid({ minTileWidth, children }: { minTileWidth: number; children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: `repeat(auto-fill, minmax(${minTileWidth}px, 1fr))`,
      }}
    >
      {children}
    </Box>
  )
}
