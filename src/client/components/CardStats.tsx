import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

import { RARITIES } from '@shared/constants'
import type { UserCardStats } from '@shared/session'

import { RarityBadge } from './RarityBadge'

export interface CardStatsProps {
  stats: UserCardStats
  dense?: boolean
}

/** Collections, cards, then copies per rarity from Legendary down to Common (a user's or a friend's). */
export function CardStats({ stats, dense = false }: CardStatsProps) {
  const valueVariant = dense ? 'subtitle1' : 'h6'
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: dense ? 2 : 3, rowGap: 1, m: 0 }}>
      <Stat label="Collections" value={stats.collectionCount} variant={valueVariant} />
      <Stat label="Cards" value={stats.cardCount} variant={valueVariant} />
      {RARITIES.map(({ rarity, name }) => (
        <Box key={rarity} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
          <Box component="dt" aria-label={name} sx={{ m: 0 }}>
            <RarityBadge rarity={rarity} />
          </Box>
          <Typography component="dd" variant={valueVariant} sx={{ m: 0 }}>
            {(stats.rarityStats[rarity - 1] ?? 0).toLocaleString('en-US')}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

interface StatProps {
  label: string
  value: number
  variant: 'subtitle1' | 'h6'
}

function Stat({ label, value, variant }: StatProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant={variant} sx={{ m: 0 }}>
        {value.toLocaleString('en-US')}
      </Typography>
    </Box>
  )
}
