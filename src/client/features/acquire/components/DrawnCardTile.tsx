import { keyframes } from '@emotion/react'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'

import { CardImage } from '../../../components/CardImage'
import { RarityBadge } from '../../../components/RarityBadge'

export interface DrawnCardTileProps {
  image: string
  cardName: string
  cardRarity: number
  isNew: boolean
  /** Position in the deal, so a ten-draw's cards arrive one after another. */
  order?: number
  large?: boolean
}

/** A drawn card with its NEW label, name and rarity, dealt in with a short flip (a fade under reduced motion). */
export function DrawnCardTile({ image, cardName, cardRarity, isNew, order = 0, large = false }: DrawnCardTileProps) {
  return (
    <Dealt style={{ animationDelay: `${order * 120}ms` }}>
      <Box sx={{ position: 'relative' }}>
        <CardImage imageId={image} name={cardName} rarity={cardRarity} large={large} eager />
        {isNew && (
          <Chip
            label="NEW"
            color="secondary"
            size="small"
            sx={{
              position: 'absolute',
              top: 0,
              left: '50%',
              transform: 'translate(-50%, -50%)',
              fontWeight: 700,
              boxShadow: 2,
            }}
          />
        )}
      </Box>
      <Typography variant={large ? 'h5' : 'subtitle2'} component="p" sx={{ mt: 1, fontWeight: 600 }}>
        {cardName}
      </Typography>
      <RarityBadge rarity={cardRarity} />
    </Dealt>
  )
}

const dealIn = keyframes`
  from { opacity: 0; transform: perspective(600px) rotateY(90deg) translateY(12px); }
  to { opacity: 1; transform: perspective(600px) rotateY(0deg) translateY(0); }
`

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`

const Dealt = styled('div')({
  textAlign: 'center',
  animation: `${dealIn} 500ms cubic-bezier(0.22, 1, 0.36, 1) both`,
  '@media (prefers-reduced-motion: reduce)': { animation: `${fadeIn} 300ms ease-out both` },
})
