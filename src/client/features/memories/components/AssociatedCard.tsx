import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

import type { Memory } from '@shared/memories'

import { CardImage } from '../../../components/CardImage'
import { RarityBadge } from '../../../components/RarityBadge'

export interface AssociatedCardProps {
  card: Pick<Memory, 'image' | 'cardName' | 'cardRarity' | 'collectionName'>
  /** The button that changes the card. */
  action: ReactNode
}

/** The card a memory form writes on, shown above its fields. */
export function AssociatedCard({ card, action }: AssociatedCardProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="group" aria-label="Associated card">
      <Box sx={{ width: 88, flexShrink: 0 }}>
        <CardImage imageId={card.image} name={card.cardName} rarity={card.cardRarity} eager />
      </Box>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="p">
          {card.cardName}
        </Typography>
        <Box>
          <RarityBadge rarity={card.cardRarity} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {card.collectionName}
        </Typography>
        <Box>{action}</Box>
      </Stack>
    </Stack>
  )
}
