import { alpha, useTheme } from '@mui/material/styles'

import type { PlaceStatus } from '@shared/travel'

/** Marker shapes, centred on 0,0 in screen pixels: a shape per status, so status never rests on colour alone. */
export const MARKER_SHAPES: Record<PlaceStatus | 'wantToGo', string> = {
  none: 'M-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0z',
  collected: 'M-5 0a5 5 0 1 0 10 0a5 5 0 1 0 -10 0zM-2.5 0a2.5 2.5 0 1 1 5 0a2.5 2.5 0 1 1 -5 0z',
  beenThere: 'M-5.5 0a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0 -11 0z',
  // A seal: an eight-pointed star.
  verified:
    'M0 -8L2.3 -5.5L5.7 -5.7L5.5 -2.3L8 0L5.5 2.3L5.7 5.7L2.3 5.5L0 8L-2.3 5.5L-5.7 5.7L-5.5 2.3L-8 0L-5.5 -2.3L-5.7 -5.7L-2.3 -5.5Z',
  wantToGo: 'M0 -7L7 0L0 7L-7 0Z',
}

/** Patterns of the outlines: plain, hatched, solid and solid with a seal. Also drawn in the legend. */
export function usePlaceFills() {
  const theme = useTheme()
  const land = alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.22 : 0.14)
  return {
    sea: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.12 : 0.07),
    land,
    edge: theme.palette.background.paper,
    none: land,
    collected: 'url(#travel-hatch)',
    hatch: theme.palette.primary.main,
    beenThere: theme.palette.primary.main,
    verified: theme.palette.secondary.main,
    wantToGo: theme.palette.secondary.main,
  }
}

/** The hatch pattern the collected places are filled with; put once inside an svg's defs. */
export function HatchPattern({ id, colour, background }: { id: string; colour: string; background: string }) {
  return (
    <pattern id={id} patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">
      <rect width="8" height="8" fill={background} />
      <rect width="3.5" height="8" fill={colour} />
    </pattern>
  )
}
