import Box from '@mui/material/Box'

import { avatarPicturePath, cardPicturePath, collectionPicturePath } from '@shared/artVersion'
import { rarityName } from '@shared/constants'

import { API_BASE_URL } from '../lib/config'

// Each address names the picture's version, so the browser keeps a picture for good and asks again only after a
// release that redraws it (src/shared/artVersion.ts).
export function cardImageUrl(imageId: string | null | undefined, large = false): string {
  return `${API_BASE_URL}${cardPicturePath(imageId, large)}`
}

export function avatarImageUrl(avatarId: number): string {
  return `${API_BASE_URL}${avatarPicturePath(avatarId)}`
}

export function collectionImageUrl(collectionId: string): string {
  return `${API_BASE_URL}${collectionPicturePath(collectionId)}`
}

export interface CardImageProps {
  imageId: string | null | undefined
  name: string
  rarity: number
  large?: boolean
  width?: number | string
  /** Above-the-fold images load at once; the rest lazily. */
  eager?: boolean
}

/** A card in trading-card proportions (5:7); the size is reserved before the image loads. */
export function CardImage({ imageId, name, rarity, large = false, width = '100%', eager = false }: CardImageProps) {
  return (
    <Box
      component="img"
      src={cardImageUrl(imageId, large)}
      alt={`${name}, ${rarityName(rarity)} card`}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={250}
      height={350}
      sx={{
        width,
        height: 'auto',
        aspectRatio: '5 / 7',
        display: 'block',
        borderRadius: 2,
        objectFit: 'cover',
        bgcolor: 'action.hover',
      }}
    />
  )
}
