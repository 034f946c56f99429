import Link from '@mui/material/Link'
import { styled } from '@mui/material/styles'

import type { MemoryPicture } from '@shared/memories'
import { TileGrid } from '@client/components/TileGrid'

export interface MemoryPicturesProps {
  pictures: MemoryPicture[]
  /** Thumbnails in lists, larger tiles on the memory's own page. */
  size?: 'small' | 'large'
}

/** The pictures of a memory; each opens at full size. The URLs are signed for this viewer by the server. */
export function MemoryPictures({ pictures, size = 'small' }: MemoryPicturesProps) {
  if (pictures.length === 0) return null
  const tile = size === 'small' ? 96 : 220
  return (
    <TileGrid minTileWidth={tile}>
      {pictures.map((picture, index) => (
        <li key={picture.pictureFileName}>
          <Link href={picture.url} target="_blank" rel="noopener" sx={{ display: 'block' }}>
            <Picture
              src={picture.url}
              alt={`Picture ${index + 1} of ${pictures.length}`}
              loading="lazy"
              decoding="async"
              width={picture.width}
              height={picture.height}
            />
          </Link>
        </li>
      ))}
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
