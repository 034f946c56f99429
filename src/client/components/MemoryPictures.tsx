import Link from '@mui/material/Link'
import { styled } from '@mui/material/styles'

import type { MemoryPicture } from '@shared/memories'

import { TileGrid, tileImageSizes } from './TileGrid'

export interface MemoryPicturesProps {
  pictures: MemoryPicture[]
  /** Thumbnails in lists, middle-sized tiles in the feed, larger tiles on the memory's own page. */
  size?: 'small' | 'medium' | 'large'
  /** Each picture opens at full size; the feed shows them only. */
  linked?: boolean
}

const TILE_WIDTH = { small: 96, medium: 140, large: 220 } as const

/** The pictures of a memory. The URLs are signed for this viewer by the server. */
export function MemoryPictures({ pictures, size = 'small', linked = true }: MemoryPicturesProps) {
  if (pictures.length === 0) return null
  const sizes = tileImageSizes(TILE_WIDTH[size])
  return (
    <TileGrid minTileWidth={TILE_WIDTH[size]}>
      {pictures.map((picture, index) => {
        const tile = <PictureTile picture={picture} alt={`Picture ${index + 1} of ${pictures.length}`} sizes={sizes} />
        return (
          <li key={picture.pictureFileName}>
            {linked ? (
              // Full screen is the one place the original (up to 2048 px) is worth its bytes.
              <Link href={picture.url} target="_blank" rel="noopener" sx={{ display: 'block' }}>
                {tile}
              </Link>
            ) : (
              tile
            )}
          </li>
        )
      })}
    </TileGrid>
  )
}

/** A 4:3 tile whose size is reserved before the picture loads. */
const Picture = styled('img')(({ theme }) => ({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  display: 'block',
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.action.hover,
}))

export interface PictureTileProps {
  picture: MemoryPicture
  alt: string
  /** How wide the tile is drawn (the `sizes` attribute), so the browser picks the smallest copy that fills it. */
  sizes: string
}

/** One picture in a tile: loads a WebP copy sized for the tile, never the original. */
export function PictureTile({ picture, alt, sizes }: PictureTileProps) {
  const srcSet = picture.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')
  return (
    <Picture
      src={picture.variants[0]?.url ?? picture.url}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={picture.width}
      height={picture.height}
    />
  )
}
