import sharp from 'sharp'

import { cardSvg, type CardArtData } from './cardSvg'
import { collectionSvg, type CollectionArtData } from './otherArt'

/** A picture to draw from plain data, so it can be sent to a worker thread. */
export type ArtTask =
  | { kind: 'card'; data: CardArtData; width: number; height: number; quality: number; effort: number }
  | { kind: 'collection'; data: CollectionArtData; quality: number }

/** Draws the picture and encodes it as WebP. */
export async function renderArtTask(task: ArtTask): Promise<Buffer> {
  const svg = task.kind === 'card' ? cardSvg(task.data, task.width, task.height) : collectionSvg(task.data)
  return sharp(Buffer.from(svg))
    .webp({ quality: task.quality, effort: task.kind === 'card' ? task.effort : 4 })
    .toBuffer()
}
