import Link from '@mui/material/Link'
import { styled } from '@mui/material/styles'

import type { MemoryPicture } from '@shared/memories'

import { TileGrid } from './TileGrid'

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
  return (
    <TileGrid minTileWidth={TILE_WIDTH[size]}>
      {pictures.map((picture, index) => {
        const image = (
          <Picture
            src={picture.url}
            alt={`Picture ${index + 1} of ${pictures.length}`}
            loading="lazy"
            decoding="async"
            width={picture.width}
            height={picture.height}
          />
        )
        return (
          <li key={picture.pictureFileName}>
            {linked ? (
              <Link href={picture.url} target="_blank" rel="noopener" sx={{ display: 'block' }}>
                {image}
              </Link>
            ) : (
              image
            )}
          </li>
        )
      })}
    </TileGrid>
  )
}

/** A 4:3 tile whose size is reserved before the picture loads. */
export const Picture = styled('img')(({ theme }) => ({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  display: 'block',
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.action.hover,
}))
