import sharp from 'sharp'

import { blobFolder, type BlobStore } from '../../lib/blobStore'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/random'

/** Pictures are resized to fit this box; enough for a full-screen view, small enough to load on a phone. */
export const PICTURE_MAX_SIDE = 2048
/** Refuses decompression bombs: a 10 MB PNG can claim billions of pixels. 50 MP covers every phone camera. */
const MAX_INPUT_PIXELS = 50_000_000

const NOT_AN_IMAGE = 'The picture must be a PNG or JPEG image.'

const FORMATS = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
} as const

export interface ProcessedPicture {
  fileName: string
  data: Buffer
  width: number
  height: number
}

function sniffFormat(data: Buffer): keyof typeof FORMATS | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg'
  return null
}

/**
 * Checks the type by content (the name and the declared type are ignored), then re-encodes: the EXIF orientation is
 * applied and every metadata block (EXIF with GPS, XMP, ICC comments) is dropped because sharp keeps none unless asked.
 */
export async function processPicture(input: Buffer): Promise<ProcessedPicture> {
  const format = sniffFormat(input)
  if (!format) throw new AppError('BadRequest', NOT_AN_IMAGE)
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const metadata = await image.metadata()
    if (metadata.format !== format) throw new AppError('BadRequest', NOT_AN_IMAGE)
    const resized = image
      .rotate()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    const encoded =
      format === 'png' ? resized.png({ compressionLevel: 8 }) : resized.jpeg({ quality: 85, mozjpeg: true })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { fileName: `${newId()}.${FORMATS[format].extension}`, data, width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('BadRequest', 'The picture could not be read. Please choose another PNG or JPEG image.')
  }
}

/** Memory pictures' folder in the app's blob store. */
export function memoryPictureStore(blobs: BlobStore): BlobStore {
  return blobFolder(blobs, 'memory-pictures')
}

export function pictureContentType(fileName: string): string {
  return fileName.endsWith('.png') ? FORMATS.png.contentType : FORMATS.jpeg.contentType
}
