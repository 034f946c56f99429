import AutoStoriesIcon from '@mui/icons-material/AutoStories'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { OwnedCardEntry } from '@shared/collection'

import { CardImage } from '../../../components/CardImage'
import { paths } from '../../../lib/paths'

const HAS_MEMORY = 'This card has a memory.'

export interface OwnedCardTileProps {
  entry: OwnedCardEntry
}

/** One card of My Collection: its art, name, how many copies the user holds and whether any carries a memory. */
export function OwnedCardTile({ entry }: OwnedCardTileProps) {
  const count = entry.mine.length
  const hasMemory = entry.mine.some((copy) => copy.hasMemory)
  const souvenirs = entry.mine.filter((copy) => copy.souvenir).length
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={paths.card.href(entry.cardId)} sx={{ p: 1, height: '100%' }}>
        <CardImage imageId={entry.image} name={entry.cardName} rarity={entry.cardRarity} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
          <Typography variant="subtitle2" component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {entry.cardName}
          </Typography>
          {souvenirs > 0 && (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label="Souvenir"
              aria-label={souvenirs === 1 ? 'One copy is a Souvenir' : `${souvenirs} copies are Souvenirs`}
            />
          )}
          {hasMemory && (
            <Tooltip title={HAS_MEMORY}>
              <AutoStoriesIcon fontSize="small" color="secondary" titleAccess={HAS_MEMORY} />
            </Tooltip>
          )}
          <Typography
            variant="body2"
            component="span"
            sx={{ fontWeight: 700 }}
            aria-label={`${count} ${count === 1 ? 'copy' : 'copies'}`}
          >
            x{count}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  )
}
