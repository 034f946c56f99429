import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

import { PLACE_STATUS_LABELS, type PlaceStatus } from '@shared/travel'

import { HatchPattern, MARKER_SHAPES, usePlaceFills } from './mapMarks'

const ENTRIES: { key: PlaceStatus | 'wantToGo'; label: string; detail: string }[] = [
  { key: 'verified', label: PLACE_STATUS_LABELS.verified, detail: 'solid, with a seal' },
  { key: 'beenThere', label: PLACE_STATUS_LABELS.beenThere, detail: 'solid' },
  { key: 'collected', label: PLACE_STATUS_LABELS.collected, detail: 'striped, a ring for a city' },
  { key: 'none', label: PLACE_STATUS_LABELS.none, detail: 'plain, a dot for a city' },
  { key: 'wantToGo', label: 'Want to go', detail: 'a diamond' },
]

export interface MapLegendProps {
  /** The statuses the map shows, when not all of them (a year's map has no bucket list). */
  only?: readonly (PlaceStatus | 'wantToGo')[]
}

/** What each pattern and mark means, in words beside a sample of each: the map never relies on colour alone. */
export function MapLegend({ only }: MapLegendProps) {
  const fills = usePlaceFills()
  return (
    <Box component="section" aria-labelledby="map-legend">
      <Typography id="map-legend" variant="subtitle2" component="h2" gutterBottom>
        Legend
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2.5 } }}
      >
        {ENTRIES.filter(({ key }) => !only || only.includes(key)).map(({ key, label, detail }) => (
          <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <svg width="40" height="20" viewBox="0 0 40 20" aria-hidden focusable="false">
              <defs>
                <HatchPattern id={`legend-hatch-${key}`} colour={fills.hatch} background={fills.land} />
              </defs>
              {key !== 'wantToGo' && (
                <rect
                  x="1"
                  y="2"
                  width="18"
                  height="16"
                  rx="3"
                  fill={key === 'collected' ? `url(#legend-hatch-${key})` : fills[key]}
                  stroke={fills.hatch}
                  strokeOpacity={0.4}
                />
              )}
              <g transform="translate(30 10)">
                <path
                  d={MARKER_SHAPES[key]}
                  fill={key === 'none' ? fills.hatch : fills[key]}
                  fillOpacity={key === 'none' ? 0.55 : 1}
                  fillRule="evenodd"
                />
              </g>
            </svg>
            <Typography variant="body2">
              <strong>{label}</strong>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                ({detail})
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  )
}
