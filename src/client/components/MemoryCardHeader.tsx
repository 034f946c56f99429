import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { paths } from '../lib/paths'

import { CardImage } from './CardImage'
import { RarityBadge } from './RarityBadge'

export interface MemoryCardHeaderProps {
  memory: Pick<Memory, 'image' | 'cardName' | 'cardRarity' | 'collectionName' | 'userCardId'>
  /** Width of the card picture; the text takes the rest. */
  imageWidth: Partial<Record<'xs' | 'sm' | 'md', number | string>>
  /** The card's name is the memory's heading (an h2, with this id); without it the name is a plain link. */
  titleId?: string
  heading?: boolean
  /** The picture sits above the text from md up instead of beside it. */
  stackFromMd?: boolean
  alignItems?: 'center' | 'flex-start'
  /** Space between the lines beside the picture. */
  lineSpacing?: number
  /** The picture is above the fold: load it at once. */
  eager?: boolean
  /** Lines under the collection's name: the journey dates, or the card's description. */
  children?: ReactNode
}

/** The card a memory sits on: its picture, its name linking to the copy, its rarity and its collection. */
export function MemoryCardHeader({
  memory,
  imageWidth,
  titleId,
  heading = true,
  stackFromMd = false,
  alignItems,
  lineSpacing = 0.5,
  eager = false,
  children,
}: MemoryCardHeaderProps) {
  const link = (
    <Link
      component={RouterLink}
      to={paths.userCard.href(memory.userCardId)}
      color="inherit"
      variant={heading ? undefined : 'h6'}
    >
      {memory.cardName}
    </Link>
  )
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        flexDirection: stackFromMd ? { xs: 'row', md: 'column' } : 'row',
        ...(alignItems ? { alignItems } : {}),
      }}
    >
      <Box sx={{ width: imageWidth, flexShrink: 0 }}>
        <CardImage imageId={memory.image} name={memory.cardName} rarity={memory.cardRarity} eager={eager} />
      </Box>
      <Stack spacing={lineSpacing} sx={{ minWidth: 0 }}>
        {heading ? (
          <Typography id={titleId} variant="h6" component="h2">
            {link}
          </Typography>
        ) : (
          link
        )}
        <Box>
          <RarityBadge rarity={memory.cardRarity} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {memory.collectionName}
        </Typography>
        {children}
      </Stack>
    </Box>
  )
}
