import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

const TILE_GAP_PX = 8

/**
 * The `sizes` of a picture that fills a tile. auto-fill adds a column as soon as one more fits, so a tile stays narrower
 * than two minimum widths and a gap, or the whole screen on a phone.
 */
export function tileImageSizes(minTileWidth: number): string {
  const widest = 2 * minTileWidth + TILE_GAP_PX
  return `(max-width: ${widest}px) 100vw, ${widest}px`
}

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
        gap: `${TILE_GAP_PX}px`,
        gridTemplateColumns: `repeat(auto-fill, minmax(${minTileWidth}px, 1fr))`,
      }}
    >
      {children}
    </Box>
  )
}
