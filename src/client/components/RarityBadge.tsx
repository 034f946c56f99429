import Chip from '@mui/material/Chip'
import { useTheme } from '@mui/material/styles'

import { RARITIES } from '@shared/constants'

export interface RarityBadgeProps {
  rarity: number
  size?: 'small' | 'medium'
}

/** Rarity as name + mark + colour, never colour alone (docs/design.md#rarity). */
export function RarityBadge({ rarity, size = 'small' }: RarityBadgeProps) {
  const theme = useTheme()
  const info = RARITIES.find((r) => r.rarity === rarity)
  if (!info) return null
  const color = theme.rarity[rarity]
  const textColor = theme.rarityText[rarity]
  return (
    <Chip
      size={size}
      label={`${info.mark} ${info.name}`}
      aria-label={`${info.name} rarity`}
      sx={{
        bgcolor: color,
        color: textColor,
        fontWeight: 600,
        letterSpacing: 0.2,
        border: rarity === 5 ? '1px solid #F5D67B' : undefined,
      }}
    />
  )
}
